import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionOverview, SessionStep } from '@blok/contract/questions';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { clearOutbox, flushOutbox } from '../../../lib/offline/outbox.ts';
import { outboxAll } from '../../../lib/offline/offline-db.ts';
import { renderApp, spokenText } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { SESSION_ID, answered, makeOverview, makeQuestion } from '../test-data.ts';

type Handler = (method: string, path: string, body: unknown) => { status?: number; body?: unknown } | undefined;

/** A fetch stub over a small in-memory session, so refetches see what the answers changed. */
function stubApi(handler: Handler) {
  const deviceid = getDeviceId();
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = handler(method, path, body);
    if (!answer) return new Response(JSON.stringify({ error: 'not_found', error_description: 'Niet gevonden' }), { status: 404, headers: { deviceid } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', deviceid },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

const sessionPath = `session/${SESSION_ID}`;
const screenUrl = `/bibliotheek/questions/${SESSION_ID}/vak/lijst-a`;

function stepOf(o: SessionOverview): SessionStep {
  const { sessionId, currentIndex, questionsCount, progress, skippedMode, reviewIndex, finished, question } = o;
  return { sessionId, currentIndex, questionsCount, progress, skippedMode, reviewIndex, finished, question };
}

describe('answering questions', () => {
  it('answers a question, shows the feedback panel with focus on it, and moves on to the next question', async () => {
    await signIn(testTokens);
    let state = makeOverview([makeQuestion(0), makeQuestion(1)]);
    const saves: unknown[] = [];
    stubApi((method, path, body) => {
      if (method === 'GET' && path === sessionPath) return { body: state };
      if (method === 'POST' && path === 'question-list/lijst-a/save-answer') {
        saves.push(body);
        const q = answered(state.questions[0]!, [(body as { answerIds: string[] }).answerIds[0]!], 1);
        state = makeOverview([q, state.questions[1]!], { currentIndex: 0 });
        return { body: q };
      }
      if (method === 'GET' && path === `${sessionPath}/next`) {
        state = makeOverview(state.questions, { currentIndex: 1 });
        return { body: stepOf(state) };
      }
      return undefined;
    });
    await renderApp(screenUrl);

    expect(await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Grondslagen' })).toBeInTheDocument();
    expect(screen.getByText('Vraag 1 van 2')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Voortgang' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    // the bar tells a screen reader where she is; the visible counter beside it is not read twice
    expect(bar).toHaveAttribute('aria-valuetext', 'Vraag 1 van 2');
    expect(spokenText(bar.parentElement!)).not.toContain('Vraag 1 van 2');
    expect(screen.getByRole('button', { name: 'Sla over' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Antwoord A: Eerste antwoord/ }));

    const heading = await screen.findByRole('heading', { name: 'Vraag goed beantwoord' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(saves).toEqual([{ sessionId: SESSION_ID, questionId: 'q1', answerIds: ['q1-a1'] }]);
    expect(screen.getByText('Dit is de toelichting bij de vraag.')).toBeInTheDocument();
    // the pick is locked and marked; skipping is no longer offered
    expect(screen.getByRole('button', { name: /Antwoord A: Eerste antwoord/ })).toBeDisabled();
    expect(screen.getByText('Jouw antwoord, juist')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sla over' })).toBeNull();

    // Enter (focus on the heading) moves on
    await user.keyboard('{Enter}');
    const next = await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 2' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.getByText('Vraag 2 van 2')).toBeInTheDocument();
  });

  it('picks answers with the letter keys and advances at once when answers are not shown in between', async () => {
    await signIn(testTokens);
    let state = makeOverview([makeQuestion(0), makeQuestion(1)], { showAnswers: false });
    stubApi((method, path, body) => {
      if (method === 'GET' && path === sessionPath) return { body: state };
      if (method === 'POST' && path === 'question-list/lijst-a/save-answer') {
        const q = answered(state.questions[0]!, (body as { answerIds: string[] }).answerIds, 0, false);
        state = makeOverview([q, state.questions[1]!], { currentIndex: 0, showAnswers: false });
        return { body: q };
      }
      if (method === 'GET' && path === `${sessionPath}/next`) {
        state = makeOverview(state.questions, { currentIndex: 1, showAnswers: false });
        return { body: stepOf(state) };
      }
      return undefined;
    });
    await renderApp(screenUrl);
    await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' });

    const user = userEvent.setup();
    await user.keyboard('b');
    expect(screen.getByRole('button', { name: /Antwoord B: Tweede antwoord/ })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 2' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Vraag (goed|fout) beantwoord/ })).toBeNull();
  });

  it('confirms a multi-answer question with Bevestig antwoord and shows the partial feedback', async () => {
    await signIn(testTokens);
    const multi = makeQuestion(0, { multipleAnswers: true });
    let state = makeOverview([multi]);
    stubApi((method, path, body) => {
      if (method === 'GET' && path === sessionPath) return { body: state };
      if (method === 'POST' && path === 'question-list/lijst-a/save-answer') {
        const q = answered(state.questions[0]!, (body as { answerIds: string[] }).answerIds, 2);
        state = makeOverview([q]);
        return { body: q };
      }
      return undefined;
    });
    await renderApp(screenUrl);
    await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' });

    const user = userEvent.setup();
    const confirm = screen.getByRole('button', { name: 'Bevestig antwoord' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Antwoord A/ }));
    await user.keyboard('c');
    expect(screen.getByRole('checkbox', { name: /Antwoord C/ })).toBeChecked();
    await user.click(confirm);

    expect(await screen.findByRole('heading', { name: 'Vraag deels goed beantwoord' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zie overzicht' })).toBeInTheDocument();
  });

  it('offline, an open answer shows the model answer sent ahead, takes her assessment, and both wait in the outbox in order', async () => {
    await signIn(testTokens);
    await clearOutbox();
    const open = makeQuestion(0, { type: 'OPEN', answers: [], openQuestions: [{ id: 'q1' }], selfAssessmentModelAnswer: 'Het modelantwoord van de docent.' });
    const state = makeOverview([open, makeQuestion(1)]);
    const writes: Array<{ path: string; body: unknown }> = [];
    stubApi((method, path, body) => {
      if (method === 'GET' && path === sessionPath) return { body: state };
      if (method === 'POST') {
        writes.push({ path, body });
        const status = path.endsWith('assess') ? 1 : 4;
        return { body: { ...open, isCorrect: status, revealed: true, textAnswer: 'Mijn uitleg', modelAnswer: open.selfAssessmentModelAnswer } };
      }
      return undefined;
    });
    await renderApp(screenUrl);
    await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' });
    // Sent ahead, but never shown before she answered.
    expect(screen.queryByText('Het modelantwoord van de docent.')).toBeNull();

    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Jouw antwoord'), 'Mijn uitleg');
    await user.click(screen.getByRole('button', { name: 'Verstuur antwoord' }));

    expect(await screen.findByRole('heading', { name: 'Vergelijk je antwoord met het modelantwoord' })).toBeInTheDocument();
    expect(screen.getByText('Het modelantwoord van de docent.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deels goed' }));
    expect(await screen.findByRole('heading', { name: 'Vraag deels goed beantwoord' })).toBeInTheDocument();

    expect(writes).toEqual([]);
    const waiting = await outboxAll<{ kind: string; path: string; body: unknown }>();
    expect(waiting.map((w) => [w.kind, w.path, w.body])).toEqual([
      ['answer', 'question-list/lijst-a/save-answer', { sessionId: SESSION_ID, questionId: 'q1', textAnswer: 'Mijn uitleg' }],
      ['assessment', `session/${SESSION_ID}/assess`, { questionId: 'q1', result: 'deels goed' }],
    ]);

    // Back online: the answer first, then her verdict, each once.
    offline.mockReturnValue(true);
    await flushOutbox();
    await flushOutbox();
    expect(writes.map((w) => w.path)).toEqual(['question-list/lijst-a/save-answer', `session/${SESSION_ID}/assess`]);
    expect(await outboxAll()).toHaveLength(0);
  });

  it('orders the items of an ordering by keyboard, checks it, and shows the right order after (issue 40)', async () => {
    await signIn(testTokens);
    const items = [
      { id: 'i2', text: 'Metafase' },
      { id: 'i1', text: 'Profase' },
      { id: 'i3', text: 'Anafase' },
    ];
    const ordering = makeQuestion(0, { type: 'ORDERING', answers: [], interaction: { items, targets: [], clozeParts: [], unit: null } });
    let state = makeOverview([ordering, makeQuestion(1)]);
    const saves: unknown[] = [];
    stubApi((method, path, body) => {
      if (method === 'GET' && path === sessionPath) return { body: state };
      if (method === 'POST' && path === 'question-list/lijst-a/save-answer') {
        saves.push(body);
        const order = (body as { order: string[] }).order;
        const q = {
          ...ordering,
          isCorrect: 1,
          revealed: true,
          feedbackText: 'Eerst de profase.',
          response: { text: null, order, pairs: [], gaps: [] },
          expected: { text: null, order: ['i1', 'i2', 'i3'], pairs: [], gaps: [], gapsRight: [], typo: false },
        };
        state = makeOverview([q, state.questions[1]!], { currentIndex: 0 });
        return { body: q };
      }
      return undefined;
    });
    await renderApp(screenUrl);
    await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' });
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Profase omhoog' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Profase staat nu op plaats 1 van 3.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Controleer antwoord' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Vraag goed beantwoord' })).toBeInTheDocument();
    expect(saves).toEqual([{ sessionId: SESSION_ID, questionId: 'q1', order: ['i1', 'i2', 'i3'] }]);
    expect(screen.getByText('Juiste volgorde:')).toBeInTheDocument();
    // answered: shown as given, no more moving
    expect(screen.queryByRole('button', { name: /omhoog$/ })).toBeNull();
  });

  it('offline, a numeric answer with the Dutch comma waits in the outbox like a choice; an unreadable number is not sent', async () => {
    await signIn(testTokens);
    await clearOutbox();
    const numeric = makeQuestion(0, { type: 'NUMERIC', answers: [], interaction: { items: [], targets: [], clozeParts: [], unit: '€' } });
    const state = makeOverview([numeric, makeQuestion(1)]);
    const writes: unknown[] = [];
    stubApi((method, path, body) => {
      if (method === 'GET' && path === sessionPath) return { body: state };
      if (method === 'POST') writes.push(body);
      return undefined;
    });
    await renderApp(screenUrl);
    await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' });
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Jouw antwoord' });
    await user.type(field, 'twaalf{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit is geen getal.');
    expect(await outboxAll()).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '12,50{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 2' })).toBeInTheDocument();
    const waiting = await outboxAll<{ kind: string; path: string; body: unknown }>();
    expect(waiting.map((w) => [w.kind, w.path, w.body])).toEqual([['answer', 'question-list/lijst-a/save-answer', { sessionId: SESSION_ID, questionId: 'q1', textAnswer: '12,50' }]]);
    expect(writes).toEqual([]);
    offline.mockRestore();
  });

  it("does not offer 'Sla over' while she grades her own open answer", async () => {
    await signIn(testTokens);
    const open = makeQuestion(0, { type: 'OPEN', answers: [], openQuestions: [{ id: 'q1' }], selfAssessmentModelAnswer: 'Het modelantwoord.' });
    let state = makeOverview([open, makeQuestion(1)]);
    stubApi((method, path) => {
      if (method === 'GET' && path === sessionPath) return { body: state };
      if (method === 'POST' && path === 'question-list/lijst-a/save-answer') {
        const inReview = { ...open, isCorrect: 4, revealed: true, textAnswer: 'Mijn uitleg', modelAnswer: 'Het modelantwoord.' };
        state = makeOverview([inReview, makeQuestion(1)]);
        return { body: inReview };
      }
      return undefined;
    });
    await renderApp(screenUrl);
    await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' });
    expect(screen.getByRole('button', { name: 'Sla over' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Jouw antwoord'), 'Mijn uitleg');
    await user.click(screen.getByRole('button', { name: 'Verstuur antwoord' }));
    expect(await screen.findByRole('heading', { name: 'Vergelijk je antwoord met het modelantwoord' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Goed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sla over' })).toBeNull();
  });

  it('opens the quit modal with the spec texts and leads back to the subject', async () => {
    await signIn(testTokens);
    const state = makeOverview([makeQuestion(0)]);
    stubApi((method, path) => (method === 'GET' && path === sessionPath ? { body: state } : undefined));
    const { router } = await renderApp(screenUrl);
    await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stop met vragen beantwoorden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stoppen met vragen' });
    expect(dialog).toHaveTextContent('Weet je zeker dat je wilt stoppen met het beantwoorden van de vragen? Je kan op een later moment doorgaan.');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Stop met vragen beantwoorden' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop met vragen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bibliotheek/subject/vak'));
  });

  it('redo from the results: confirms, restarts the list and opens a new session with the same settings', async () => {
    await signIn(testTokens);
    const newId = '01900000-0000-7000-8000-0000000000cc';
    const done = makeOverview([answered(makeQuestion(0), ['q1-a1'], 1)], { currentIndex: 1, grade: 10, score: 100, mode: 'all', showAnswers: false });
    const calls: string[] = [];
    let startBody: unknown;
    stubApi((method, path, body) => {
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path === sessionPath) return { body: done };
      if (method === 'GET' && path === `session/${newId}`) return { body: makeOverview([makeQuestion(0)], { sessionId: newId }) };
      if (method === 'DELETE' && path === 'question-list/lijst-a/answers') return { status: 204 };
      if (method === 'POST' && path === 'session/lijst-a/start-all') {
        startBody = body;
        return { status: 201, body: { id: newId } };
      }
      return undefined;
    });
    const { router } = await renderApp(screenUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oefenvragen voltooid' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Opnieuw beginnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opnieuw beginnen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Opnieuw beginnen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/bibliotheek/questions/${newId}/vak/lijst-a`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Oefenvraag 1' })).toBeInTheDocument();
    expect(calls.indexOf('DELETE question-list/lijst-a/answers')).toBeLessThan(calls.indexOf('POST session/lijst-a/start-all'));
    expect(startBody).toEqual({ showAnswers: false });
  });
});
