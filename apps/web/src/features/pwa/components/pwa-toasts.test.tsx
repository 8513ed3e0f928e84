import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ToastHost } from '../../../components/ui/toast/toast.tsx';
import { PwaToasts } from './pwa-toasts.tsx';

// The offline database's blocked state (its own behaviour: lib/offline/offline-db.test.ts), driven here.
const upgrade = vi.hoisted(() => ({ blocked: false, listeners: new Set<(blocked: boolean) => void>() }));
vi.mock('../../../lib/offline/offline-db.ts', () => ({
  isUpgradeBlocked: () => upgrade.blocked,
  onUpgradeBlocked: (listener: (blocked: boolean) => void) => {
    upgrade.listeners.add(listener);
    return () => upgrade.listeners.delete(listener);
  },
}));
function setUpgradeBlocked(blocked: boolean) {
  upgrade.blocked = blocked;
  act(() => upgrade.listeners.forEach((listener) => listener(blocked)));
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

function renderToasts(userAgent: string) {
  return renderWithProviders(
    <>
      <PwaToasts userAgent={userAgent} />
      <ToastHost />
    </>,
  );
}

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

describe('global toasts', () => {
  it('tells her in Dutch to close the other tab while an upgrade of the offline data waits for it', async () => {
    renderToasts(BROWSER);
    expect(screen.queryByText('Blok is ook open in een ander tabblad')).toBeNull();
    setUpgradeBlocked(true);
    expect(await screen.findByText('Blok is ook open in een ander tabblad')).toBeInTheDocument();
    expect(screen.getByText('Sluit de andere tabbladen met Blok, dan kan deze versie je offline gegevens bijwerken.')).toBeInTheDocument();
    setUpgradeBlocked(false);
    await waitFor(() => expect(screen.queryByText('Blok is ook open in een ander tabblad')).toBeNull());
  });

  it("shows 'Geen internetverbinding' while offline", async () => {
    renderToasts(BROWSER);
    expect(screen.queryByText('Geen internetverbinding')).toBeNull();
    goOffline();
    expect(await screen.findByText('Geen internetverbinding')).toBeInTheDocument();
  });

  it('offers the Android/Windows install banner on beforeinstallprompt', async () => {
    renderToasts(BROWSER);
    const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => {
      window.dispatchEvent(prompt);
    });
    expect(await screen.findByText('Installeer de app op je telefoon!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Niet nu' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Installeren' }).click());
    expect(prompt.prompt).toHaveBeenCalled();
  });

  it('shows the iPhone install banner in the browser', async () => {
    renderToasts(IPHONE);
    expect(await screen.findByText(/Installeer deze webapp op je iPhone/)).toBeInTheDocument();
  });

  it('shows nothing inside the native wrapper', () => {
    renderToasts(`${IPHONE} BlokApp/1.0`);
    goOffline();
    expect(screen.queryByText('Geen internetverbinding')).toBeNull();
    expect(screen.queryByText(/Installeer deze webapp/)).toBeNull();
  });
});
