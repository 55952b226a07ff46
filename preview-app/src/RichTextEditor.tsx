import { useEffect, useRef, useState } from 'react';
import { baseKeymap, toggleMark } from 'prosemirror-commands';
import { history, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { DOMParser as PmDOMParser, type MarkType } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { EditorState, type Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { safeLinkHref, type PmNode } from '../../contract/model/prose-mirror';

interface Props {
  label: string;
  initial: PmNode | null;
  onChange: (doc: PmNode) => void;
}

/**
 * Owner HTML (trusted) read into the editor's model, in an inert document (no script runs, no
 * image loads). What the schema cannot hold is dropped; so are images, which the saved text is
 * rendered without.
 */
export function docFromHtml(html: string): PmNode {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  body.querySelectorAll('img').forEach((image) => image.remove());
  return PmDOMParser.fromSchema(schema).parse(body).toJSON() as PmNode;
}

const markActive = (state: EditorState, type: MarkType) => {
  const { from, $from, to, empty } = state.selection;
  return empty ? !!type.isInSet(state.storedMarks ?? $from.marks()) : state.doc.rangeHasMark(from, to, type);
};

/**
 * A ProseMirror rich-text editor (bold, italic, links; undo and redo): a `textbox` for screen
 * readers, shortcuts Mod-B, Mod-I, Mod-Z. It hands out the document model, never HTML.
 */
export function RichTextEditor({ label, initial, onChange }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [, redraw] = useState(0);
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState('');
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    const state = EditorState.create({
      schema,
      doc: initial ? schema.nodeFromJSON(initial) : undefined,
      plugins: [
        history(),
        keymap({ 'Mod-z': undo, 'Mod-y': redo, 'Mod-Shift-z': redo, 'Mod-b': toggleMark(schema.marks.strong), 'Mod-i': toggleMark(schema.marks.em) }),
        keymap(baseKeymap),
      ],
    });
    const editor = new EditorView(mount.current!, {
      state,
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'config-rich-text' },
      dispatchTransaction(transaction) {
        editor.updateState(editor.state.apply(transaction));
        if (transaction.docChanged) latest.current(editor.state.doc.toJSON() as PmNode);
        redraw((n) => n + 1);
      },
    });
    view.current = editor;
    return () => editor.destroy();
  }, []);

  const run = (command: Command) => {
    const editor = view.current;
    if (!editor) return;
    command(editor.state, editor.dispatch);
    editor.focus();
  };
  const state = view.current?.state;
  const tool = (name: string, type: MarkType, shortcut: string) => (
    <button type="button" aria-pressed={!!state && markActive(state, type)} aria-keyshortcuts={shortcut} onMouseDown={(event) => event.preventDefault()} onClick={() => run(toggleMark(type))}>
      {name}
    </button>
  );

  return (
    <div className="config-rich">
      <div role="toolbar" aria-label={`${label} formatting`} className="config-actions">
        {tool('Bold', schema.marks.strong, 'Control+B')}
        {tool('Italic', schema.marks.em, 'Control+I')}
        <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => setLinking('https://')}>
          Link
        </button>
        <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run((s, d) => { if (d) d(s.tr.removeMark(s.selection.from, s.selection.to, schema.marks.link)); return true; })}>
          Remove link
        </button>
        <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run(undo)}>
          Undo
        </button>
        <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => run(redo)}>
          Redo
        </button>
      </div>
      {linking !== null && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const href = safeLinkHref(linking);
            if (!href) return setLinkError(`${linking} is not one of the expected options`);
            setLinking(null);
            setLinkError('');
            run((s, d) => {
              if (s.selection.empty) return false;
              if (d) d(s.tr.addMark(s.selection.from, s.selection.to, schema.marks.link.create({ href })));
              return true;
            });
          }}
        >
          <label>
            Link address <input value={linking} onChange={(event) => setLinking(event.target.value)} autoFocus />
          </label>{' '}
          <button type="submit">Apply link</button>{' '}
          <button type="button" onClick={() => setLinking(null)}>
            Cancel
          </button>
          <span role="alert" className="config-error">
            {linkError}
          </span>
        </form>
      )}
      <div ref={mount} />
    </div>
  );
}
