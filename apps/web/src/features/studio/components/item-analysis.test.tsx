import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { StudioItemAnalysis } from '@blok/contract/studio';
import { getDeviceId } from '../../../lib/device-id.ts';
import { signIn } from '../../../lib/auth/session.ts';
import { testTokens } from '../../../testing/fixtures.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ItemAnalysis } from './item-analysis.tsx';

const analysis: StudioItemAnalysis = {
  subjectId: 'vak',
  items: [
    { questionId: 'q-goed', listId: 'l', listTitle: 'Lijst 1', type: 'TYPED', text: 'Welk organel?', answers: 12, fromMockExams: 0, shareRight: 0.5, discrimination: 0.62, distractors: [], flags: [] },
    {
      questionId: 'q-fout',
      listId: 'l',
      listTitle: 'Lijst 1',
      type: 'SELECT',
      text: 'Wat is **een cel**?',
      answers: 12,
      fromMockExams: 3,
      shareRight: 0.25,
      discrimination: -0.4,
      distractors: [
        { text: 'Een molecuul', picks: 9 },
        { text: 'Een orgaan', picks: 0 },
      ],
      flags: ['too_hard', 'negative_discrimination', 'unused_distractor'],
    },
  ],
};

describe('item analysis in the studio (issue 40)', () => {
  it('lists the questions with a flag first, with their numbers, picks and what to fix, in Dutch', async () => {
    await signIn(testTokens);
    mockApi([{ path: 'studio/subjects/vak/item-analysis', body: analysis, headers: { deviceid: getDeviceId() } }]);
    renderWithProviders(<ItemAnalysis subjectId="vak" />);
    expect(await screen.findByText('1 vraag heeft een aandachtspunt; die staat bovenaan.')).toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: 'Itemanalyse' })).getAllByRole('listitem').filter((li) => li.querySelector('strong')?.textContent?.startsWith('q-'));
    expect(rows.map((r) => r.querySelector('strong')!.textContent)).toEqual(['q-fout', 'q-goed']);
    expect(rows[0]).toHaveTextContent('12 antwoorden, 25% goed, onderscheidend vermogen -0,40. Daarvan 3 uit proeftentamens.');
    expect(rows[1]).not.toHaveTextContent('proeftentamen');
    expect(rows[0]).toHaveTextContent('Een molecuul: 9 keer gekozen');
    expect(within(rows[0]!).getByRole('list', { name: 'Aandachtspunten' })).toHaveTextContent('Sterke studenten hebben hem vaker fout dan zwakke');
    expect(rows[1]).toHaveTextContent('onderscheidend vermogen 0,62.');
  });
});
