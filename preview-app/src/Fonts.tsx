import { useEffect, useState } from 'react';
import { useLoad } from './LoadProblem';
import { UNABLE_TO_LOAD_FONTS, unableToLoadPreview } from '../../contract/model/editor-messages';
import { FONT_CATEGORIES } from '../../contract/model/site-types';
import { ownerGet, ownerPut } from './owner-api';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { FontsAnswer } from '../../contract/api/owner-answers';

type Font = FontsAnswer['fonts'][number];
const SAMPLE = 'Prints from the harbour studio';

/** Loads a font for its preview; answers whether it worked. */
function usePreview(font: Font): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    if (typeof FontFace !== 'function') return setState('failed');
    const face = new FontFace(font.family, `url(${font.url}) format("woff2")`);
    face.load().then(
      (loaded) => {
        document.fonts.add(loaded);
        setState('ready');
      },
      () => setState('failed'),
    );
  }, [font.id]);
  return state;
}

function FontOption({ font, chosen, onChoose }: { font: Font; chosen: boolean; onChoose: () => void }) {
  const preview = usePreview(font);
  return (
    <li>
      <label>
        <input type="radio" name="heading-font" checked={chosen} onChange={onChoose} /> {font.family}
      </label>
      <p className="config-font-preview" style={preview === 'ready' ? { fontFamily: `"${font.family}"`, fontSize: '20px', margin: '2px 0 10px' } : undefined} aria-hidden={preview === 'ready' ? 'true' : undefined}>
        {preview === 'failed' ? <span role="alert">{unableToLoadPreview(font.family)}</span> : preview === 'ready' ? SAMPLE : 'Loading the preview…'}
      </p>
    </li>
  );
}

/** The heading font, picked by category with previews from the fonts the server serves. */
export function Fonts() {
  const [fonts, setFonts] = useState<Font[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [category, setCategory] = useState<string>(FONT_CATEGORIES[0]);
  const [status, setStatus] = useState('');
  const problem = useLoad(
    () =>
      ownerGet<FontsAnswer>(OWNER_PATHS.fonts).then((answer) => {
        setFonts(answer.fonts);
        setChosen(answer.headingFont);
        const current = answer.fonts.find((f) => f.id === answer.headingFont);
        if (current) setCategory(current.category);
      }),
    UNABLE_TO_LOAD_FONTS,
  );
  if (!fonts) return problem ?? <p aria-busy="true">Loading fonts…</p>;
  const choose = (id: string | null) => {
    setChosen(id);
    ownerPut(OWNER_PATHS.headingFont, { id }).then(
      () => setStatus(id ? `Headings now use ${fonts.find((f) => f.id === id)!.family}.` : 'Headings use the theme’s font.'),
      (e: Error) => setStatus(e.message),
    );
  };
  return (
    <fieldset className="config-fonts">
      <legend>Heading font</legend>
      <p>
        <label htmlFor="font-category">Category</label>{' '}
        <select id="font-category" value={category} onChange={(event) => setCategory(event.target.value)}>
          {FONT_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </p>
      <ul className="config-list">
        {fonts
          .filter((font) => font.category === category)
          .map((font) => (
            <FontOption key={font.id} font={font} chosen={chosen === font.id} onChoose={() => choose(font.id)} />
          ))}
      </ul>
      <p>
        <button type="button" onClick={() => choose(null)} disabled={!chosen}>
          Use the theme’s font
        </button>
      </p>
      <p role="status">{status}</p>
    </fieldset>
  );
}
