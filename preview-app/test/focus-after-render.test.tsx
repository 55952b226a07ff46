import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { neighbours, useFocusAfterRender } from '../src/use-focus-after-render';

const view = reactRoot();

/** A list whose Delete removes its item; `later` shows the target only on a second state change. */
let controls: { remove: (name: string, keys?: string[]) => void; showTarget: () => void };
function List({ later = false }: { later?: boolean }) {
  const [names, setNames] = useState(['a', 'b', 'c']);
  const [targetShown, setTargetShown] = useState(!later);
  const { focusable, focusAfterRender } = useFocusAfterRender();
  controls = {
    remove: (name, keys) => {
      focusAfterRender(...(keys ?? [...neighbours(names, name), 'other']));
      setNames(names.filter((n) => n !== name));
    },
    showTarget: () => setTargetShown(true),
  };
  return (
    <>
      {names.map((name) => (targetShown || name !== 'c' ? <button key={name} ref={focusable(name)} id={name} /> : null))}
      <input ref={focusable('other')} id="other" />
    </>
  );
}
const byId = (id: string) => view.container.querySelector<HTMLElement>(`#${id}`)!;

describe('useFocusAfterRender', () => {
  it('names the neighbours of a deleted item: the next, then the one before', () => {
    expect(neighbours(['a', 'b', 'c'], 'b')).toEqual(['c', 'a']);
    expect(neighbours(['a', 'b', 'c'], 'c')).toEqual(['b']);
    expect(neighbours(['a'], 'a')).toEqual([]);
    expect(neighbours(['a'], 'x')).toEqual([]);
  });

  it('moves focus from a removed control to the next one, else the previous, else the fallback', async () => {
    await act(async () => view.root.render(<List />));
    byId('b').focus();
    await act(async () => controls.remove('b'));
    expect(document.activeElement).toBe(byId('c'));
    await act(async () => controls.remove('c'));
    expect(document.activeElement).toBe(byId('a'));
    await act(async () => controls.remove('a'));
    expect(document.activeElement).toBe(byId('other'));
  });

  it('waits for the render that brings the target', async () => {
    await act(async () => view.root.render(<List later />));
    byId('b').focus();
    await act(async () => controls.remove('b', ['c']));
    expect(document.activeElement).toBe(document.body);
    await act(async () => controls.showTarget());
    expect(document.activeElement).toBe(byId('c'));
  });

  it('takes nothing from an owner who moved the focus elsewhere meanwhile', async () => {
    await act(async () => view.root.render(<List />));
    byId('b').focus();
    await act(async () => {
      controls.remove('b');
      byId('other').focus();
    });
    expect(document.activeElement).toBe(byId('other'));
  });
});
