import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Toast, ToastHost } from './toast.tsx';

function Screen({ open, title = 'Opgeslagen' }: { open: boolean; title?: string }) {
  return (
    <>
      <Toast open={open} onOpenChange={() => undefined} title={title} />
      <Toast open={false} onOpenChange={() => undefined} title="Nooit getoond" />
      <ToastHost />
    </>
  );
}

describe('Toast and ToastHost', () => {
  it('loads no toast region until a toast opens, then shows it in a labelled region', async () => {
    const { rerender, container } = render(<Screen open={false} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).toBeNull();

    rerender(<Screen open />);
    expect(await screen.findByText('Opgeslagen')).toBeInTheDocument();
    expect(screen.getByRole('region')).toBeInTheDocument();
    expect(screen.queryByText('Nooit getoond')).toBeNull();
  });

  it('follows the props of a shown toast and forgets an unmounted one', async () => {
    const { rerender, unmount } = render(<Screen open title="Eerste" />);
    expect(await screen.findByText('Eerste')).toBeInTheDocument();
    rerender(<Screen open title="Tweede" />);
    expect(await screen.findByText('Tweede')).toBeInTheDocument();
    expect(screen.queryByText('Eerste')).toBeNull();
    unmount();
    render(<ToastHost />);
    expect(screen.queryByText('Tweede')).toBeNull();
  });
});
