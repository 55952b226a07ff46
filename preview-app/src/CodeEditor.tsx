import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Takes the focus once made (it replaces the button that opened it). */
  autoFocus?: boolean;
}

/**
 * A CodeMirror editor for HTML. Tab indents; Escape then Tab leaves the editor (CodeMirror's
 * own way out of a tab-trapping editor), which the hint under it says.
 */
export function CodeEditor({ label, value, onChange, autoFocus = false }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const view = new EditorView({
      parent: mount.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          html(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => update.docChanged && latest.current(update.state.doc.toString())),
        ],
      }),
    });
    if (autoFocus) view.focus();
    return () => view.destroy();
  }, []);
  return <div ref={mount} className="config-code" />;
}
