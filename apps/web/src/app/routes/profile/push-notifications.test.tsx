import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const OFF = { dailyReminder: { enabled: false, time: '19:00', days: [1, 2, 3, 4, 5] }, flashcardsDue: { enabled: false }, subjectNews: { enabled: false } };

describe('Push notifications', () => {
  it('turns the daily reminder on with a time and days, by keyboard, and saves it', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const saved = { ...OFF, dailyReminder: { enabled: true, time: '08:30', days: [1, 2, 3, 4, 5, 6] } };
    const fetchSpy = mockApi([
      { path: 'user/push-preference', body: OFF, headers: { deviceid } },
      { method: 'PUT', path: 'user/push-preference', body: saved, headers: { deviceid } },
    ]);
    await renderApp('/profile/push-notifications');
    const user = userEvent.setup();
    const daily = await screen.findByRole('switch', { name: 'Dagelijkse studieherinnering' });
    expect(daily).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Flashcards herhalen' })).not.toBeChecked();
    // jsdom has no Push API: the device says so instead of offering a button that cannot work.
    expect(await screen.findByText(/Deze browser kan geen pushmeldingen ontvangen/)).toBeInTheDocument();

    daily.focus();
    await user.keyboard(' ');
    expect(daily).toBeChecked();
    const time = screen.getByLabelText('Tijdstip');
    // A time input takes its value whole (typing character by character is the browser's job).
    fireEvent.change(time, { target: { value: '08:30' } });
    const days = screen.getByRole('group', { name: 'Dagen' });
    await user.click(within(days).getByRole('checkbox', { name: 'zaterdag' }));
    await user.click(screen.getByRole('button', { name: 'Voorkeuren opslaan' }));

    expect(await screen.findByText('Je voorkeuren zijn opgeslagen.')).toBeInTheDocument();
    const put = fetchSpy.mock.calls.find(([url, init]) => String(url) === '/api/user/push-preference' && init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual(saved);
  });

  it('asks for at least one day before saving a daily reminder', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([{ path: 'user/push-preference', body: { ...OFF, dailyReminder: { enabled: true, time: '19:00', days: [3] } }, headers: { deviceid } }]);
    await renderApp('/profile/push-notifications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'woensdag' }));
    await user.click(screen.getByRole('button', { name: 'Voorkeuren opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kies minstens één dag voor je studieherinnering.');
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
