import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuestionListsResponse } from '@blok/contract/questions';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const list = (id: string, title: string, sortIndex: number, answerDisplaying: number) => ({
  id,
  title,
  description: '',
  subjectId: 'vak',
  sortIndex,
  answerDisplaying,
  totalQuestions: 6,
  recommendedQuestions: 4,
  chapterId: null,
  progress: 0,
  score: null,
  sessionId: null,
});

const lists: QuestionListsResponse = {
  subjectId: 'vak',
  subjectTitle: 'Testvak',
  questionLists: [list('lijst-a', 'Onderwerp A', 1, 2), list('lijst-b', 'Onderwerp B', 2, 1)],
};

describe('question settings', () => {
  it('starts the chosen list with all questions and no answers in between, then opens the session', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'question-lists', body: lists, headers: { deviceid } },
      { method: 'POST', path: 'session/lijst-b/start-all', status: 201, body: { id: '01900000-0000-7000-8000-0000000000aa' }, headers: { deviceid } },
    ]);
    const { router } = await renderApp('/bibliotheek/question-settings/vak/lijst-b');

    expect(await screen.findByRole('checkbox', { name: /Onderwerp B/ })).toBeChecked();
    // she came for B: A is one tap away
    expect(screen.queryByRole('checkbox', { name: /Onderwerp A/ })).toBeNull();
    // list B has answerDisplaying 1: no answers in between by default
    const toggle = screen.getByRole('checkbox', { name: /Antwoorden tussendoor tonen/ });
    expect(toggle).not.toBeChecked();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Alle vragen/ }));
    await user.click(screen.getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/bibliotheek/questions/01900000-0000-7000-8000-0000000000aa/vak/lijst-b'));
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/session/lijst-b/start-all'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ showAnswers: false });
  });

  it('practises several lists together and asks for at least one', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'question-lists', body: lists, headers: { deviceid } },
      { method: 'POST', path: 'session/lijst-a/start', status: 201, body: { id: '01900000-0000-7000-8000-0000000000bb' }, headers: { deviceid } },
    ]);
    const { router } = await renderApp('/bibliotheek/question-settings/vak');
    const user = userEvent.setup();
    const a = await screen.findByRole('checkbox', { name: /Onderwerp A/ });
    expect(a).toBeChecked();
    await user.click(a);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kies minstens één onderwerp.');

    await user.click(a);
    await user.click(screen.getByRole('checkbox', { name: /Onderwerp B/ }));
    expect(screen.getByRole('radio', { name: /Aanbevolen vragen/ })).toHaveAccessibleName(/8 vragen/);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bibliotheek/questions/01900000-0000-7000-8000-0000000000bb/vak'));
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/session/lijst-a/start'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ showAnswers: true, questionListIds: ['lijst-b'] });
  });

  it('says when the list she came for does not exist, and offers the subject\'s lists instead', async () => {
    await signIn(testTokens);
    mockApi([{ path: 'question-lists', body: lists, headers: { deviceid: getDeviceId() } }]);
    await renderApp('/bibliotheek/question-settings/vak/bestaat-niet');
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze oefenvragen bestaan niet (meer). Kies hieronder uit de oefenvragen van dit vak.');
    // not silently the defaults of one list: every list of the subject, the first chosen
    expect(screen.getByRole('checkbox', { name: /Onderwerp A/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Onderwerp B/ })).not.toBeChecked();
  });

  it('says an unknown subject does not exist and leads to the library', async () => {
    await signIn(testTokens);
    mockApi([{ path: 'question-lists', status: 404, body: { error: 'not_found', error_description: 'Dit vak bestaat niet.' }, headers: { deviceid: getDeviceId() } }]);
    await renderApp('/bibliotheek/question-settings/bestaat-niet');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit vak bestaat niet (meer). Kies een ander vak in je bibliotheek.');
    expect(screen.getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
  });
});
