import { describe, expect, it, vi } from 'vitest';
import { DataError } from '../../src/net/data-error';
import { overlayLines, showErrorOverlay } from '../../src/ui/error-overlay';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('system error overlay', () => {
  it('shows only the server message when the error is clean', () => {
    expect(overlayLines(new DataError('Card declined.', { kind: 'status', url: '/api/x', clean: true }))).toEqual(['Card declined.']);
  });

  it('shows the network text, else the connect message', () => {
    expect(overlayLines(new DataError('Offline', { kind: 'network', url: '/x' }))).toEqual(['Offline']);
    expect(overlayLines(new DataError('', { kind: 'network', url: '/x' }))).toEqual(['Unable to connect to the product. Please try again.']);
  });

  it('shows url, format and error text otherwise', () => {
    expect(overlayLines(new DataError('Unauthorized request', { kind: 'status', url: '/api/y?crumb=1', status: 403 }))).toEqual([
      'URL: /api/y?crumb=1',
      'Format: JSON',
      'Error: Unauthorized request',
    ]);
  });

  it('has the title, an error key, Reload Page and Clear', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    const closed = showErrorOverlay(new DataError('Boom', { kind: 'status', url: '/api/z' }), reload);
    await flush();
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Something Went Wrong!');
    expect(dialog.textContent).toMatch(/Error key: [0-9A-F]{8}/);
    const labels = Array.from(dialog.querySelectorAll('button'), (b) => b.textContent);
    expect(labels).toEqual(['Clear', 'Reload Page']);
    dialog.querySelectorAll('button')[1]!.click();
    expect(await closed).toBe('reload');
    expect(reload).toHaveBeenCalledOnce();
  });
});
