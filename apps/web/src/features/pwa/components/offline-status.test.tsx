import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import type { PendingWrites } from '../../../lib/offline/outbox.ts';
import { OfflineStatus, PENDING_STRIP_DELAY_MS } from './offline-status.tsx';

let pending: PendingWrites = { answers: 0, progress: 0, annotations: 0 };
const listeners = new Set<() => void>();

vi.mock('../../../lib/offline/outbox.ts', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    usePendingWrites: () =>
      useSyncExternalStore(
        (l: () => void) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        () => pending,
      ),
  };
});

function setPending(next: Omit<PendingWrites, 'annotations'> & { annotations?: number }) {
  pending = { annotations: 0, ...next };
  act(() => {
    for (const l of listeners) l();
  });
}

describe('the offline strip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    pending = { answers: 0, progress: 0, annotations: 0 };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('online, a write in flight for a moment does not show the strip (no layout shift)', () => {
    renderWithProviders(<OfflineStatus />);
    setPending({ answers: 0, progress: 1 });
    act(() => vi.advanceTimersByTime(PENDING_STRIP_DELAY_MS - 100));
    setPending({ answers: 0, progress: 0, annotations: 0 });
    act(() => vi.advanceTimersByTime(PENDING_STRIP_DELAY_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('online, writes that keep waiting are shown after the delay', () => {
    renderWithProviders(<OfflineStatus />);
    setPending({ answers: 3, progress: 0 });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(PENDING_STRIP_DELAY_MS));
    expect(screen.getByRole('status')).toHaveTextContent('3 antwoorden wachten op verbinding');
  });

  it('inside the native wrapper, offline says nothing about the connection (issue 25)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineStatus userAgent="Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile BlokApp/2.4" />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByText(/laatst bekende gegevens/)).toBeNull();
  });

  it('offline, waiting writes are shown at once', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineStatus />);
    setPending({ answers: 2, progress: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('2 antwoorden wachten op verbinding');
  });

  it('offline, waiting highlights and notes are counted on their own line (issue 28)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineStatus />);
    setPending({ answers: 0, progress: 1, annotations: 2 });
    expect(screen.getByRole('status')).toHaveTextContent('2 markeringen wachten op verbinding');
    expect(screen.getByRole('status')).not.toHaveTextContent('antwoord');
  });

  it('shown offline, it stays when the connection returns until the last write is sent', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineStatus />);
    setPending({ answers: 5, progress: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('5 antwoorden wachten op verbinding');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    setPending({ answers: 4, progress: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('4 antwoorden wachten op verbinding');
    setPending({ answers: 0, progress: 0, annotations: 0 });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
