import { describe, expect, it, vi } from 'vitest';
import { alert, confirm, information, PADDING_NOT_NUMBER, STYLE_NOT_NUMBER } from '../../src/ui/dialog';
const DIALOG_HIDE_FALLBACK_MS = 600; // spec part 1 §9

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const box = () => document.querySelector<HTMLElement>('.site-modal')!;
const buttons = () => Array.from(document.querySelectorAll<HTMLButtonElement>('.site-modal button'));
const press = (key: string, init: KeyboardEventInit = {}) =>
  document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));

describe('dialogs', () => {
  it('confirmation: Confirm and Cancel (Reject on request), labelled by its title, first button focused', async () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const result = confirm({ title: 'Delete page?', message: 'This cannot be undone.', showReject: true });
    await flush();
    expect(box().getAttribute('role')).toBe('alertdialog');
    expect(box().getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(box().getAttribute('aria-labelledby')!)!;
    expect(title.textContent).toBe('Delete page?');
    expect(document.getElementById(box().getAttribute('aria-describedby')!)!.textContent).toBe('This cannot be undone.');
    expect(buttons().map((b) => b.textContent)).toEqual(['Cancel', 'Reject', 'Confirm']);
    expect(document.activeElement).toBe(buttons()[0]);
    const fired = vi.fn();
    document.addEventListener('dialog:reject', fired);
    buttons()[1]!.click();
    expect(await result).toBe('reject');
    document.removeEventListener('dialog:reject', fired);
    expect(fired).toHaveBeenCalledOnce();
    expect(document.querySelector('.site-modal')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('sizes and stacks from the spec constants; the topmost holds focus and Escape', async () => {
    vi.useFakeTimers();
    void confirm({ title: 'One' });
    await vi.advanceTimersByTimeAsync(0);
    const first = document.querySelector<HTMLElement>('.site-modal-overlay')!;
    expect(first.style.zIndex).toBe('30000');
    expect(box().style.width).toBe('350px');
    expect(box().style.padding).toBe('20px');
    void alert({ title: 'Two', padding: 32, width: 400 });
    await vi.advanceTimersByTimeAsync(0);
    const overlays = document.querySelectorAll<HTMLElement>('.site-modal-overlay');
    expect(overlays[1]!.style.zIndex).toBe('30002');
    const second = overlays[1]!.firstElementChild as HTMLElement;
    expect(second.style.padding).toBe('32px');
    expect(second.contains(document.activeElement)).toBe(true);
    // Escape cancels the topmost first; focus goes back into the one below.
    press('Escape');
    await vi.advanceTimersByTimeAsync(DIALOG_HIDE_FALLBACK_MS);
    expect(document.querySelectorAll('.site-modal-overlay')).toHaveLength(1);
    expect(document.querySelector('.site-modal')!.contains(document.activeElement)).toBe(true);
    press('Escape');
    await vi.advanceTimersByTimeAsync(DIALOG_HIDE_FALLBACK_MS);
    expect(document.querySelectorAll('.site-modal-overlay')).toHaveLength(0);
  });

  it('alert has one Okay button', async () => {
    const result = alert({ title: 'Saved' });
    await flush();
    expect(buttons().map((b) => b.textContent)).toEqual(['Okay']);
    expect(box().getAttribute('role')).toBe('dialog');
    buttons()[0]!.click();
    expect(await result).toBe('confirm');
  });

  it('information has no buttons and confirms itself after 2000 ms', async () => {
    vi.useFakeTimers();
    const confirmed = vi.fn();
    document.addEventListener('dialog:confirm', confirmed);
    const result = information({ title: 'Copied' });
    await vi.advanceTimersByTimeAsync(0);
    expect(buttons()).toHaveLength(0);
    expect(document.activeElement).toBe(box());
    await vi.advanceTimersByTimeAsync(1999);
    expect(confirmed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1 + DIALOG_HIDE_FALLBACK_MS);
    expect(await result).toBe('confirm');
    document.removeEventListener('dialog:confirm', confirmed);
    expect(confirmed).toHaveBeenCalledOnce();
  });

  it('cancels on an overlay click (not on a click inside) and on Escape', async () => {
    const first = confirm({ title: 'A' });
    await flush();
    box().click();
    await flush();
    expect(document.querySelector('.site-modal')).not.toBeNull();
    document.querySelector<HTMLElement>('.site-modal-overlay')!.click();
    expect(await first).toBe('cancel');
    const second = confirm({ title: 'B' });
    await flush();
    press('Escape');
    expect(await second).toBe('cancel');
  });

  it('hides within the 600 ms fallback when no transition ends', async () => {
    vi.useFakeTimers();
    const result = alert({ title: 'X' });
    await vi.advanceTimersByTimeAsync(0);
    buttons()[0]!.click();
    expect(document.querySelector('.site-modal-hiding')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(DIALOG_HIDE_FALLBACK_MS - 1);
    expect(document.querySelector('.site-modal')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(document.querySelector('.site-modal')).toBeNull();
    expect(await result).toBe('confirm');
  });

  it('still answers when the page removed it while it was hiding', async () => {
    vi.useFakeTimers();
    const result = alert({ title: 'Gone' });
    await vi.advanceTimersByTimeAsync(0);
    buttons()[0]!.click();
    // A theme re-rendering its page takes the host out before the hide finishes.
    document.querySelector('.site-modal-host')!.remove();
    await vi.advanceTimersByTimeAsync(DIALOG_HIDE_FALLBACK_MS);
    const answer = await Promise.race([result, Promise.resolve('still waiting')]);
    expect(answer).toBe('confirm');
  });

  it('keeps Tab inside the dialog', async () => {
    void confirm({ title: 'Trap' });
    await flush();
    const [cancel, ok] = buttons();
    ok!.focus();
    press('Tab');
    expect(document.activeElement).toBe(cancel);
    press('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(ok);
    press('Escape');
  });

  it('rejects style and padding that are not numbers', async () => {
    await expect(confirm({ title: 'x', style: '2' as unknown as number })).rejects.toThrow(STYLE_NOT_NUMBER);
    await expect(confirm({ title: 'x', padding: NaN })).rejects.toThrow(PADDING_NOT_NUMBER);
    expect(document.querySelector('.site-modal')).toBeNull();
  });
});
