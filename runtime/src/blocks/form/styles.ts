const STYLE_ID = 'site-form-styles';

/** Base form styles; every class is prefixed `site-form` so themes can restyle them. */
const CSS = `
.site-form{display:grid;gap:16px;max-width:40rem}
.site-form[hidden]{display:none}
.site-form-field{border:0;margin:0;padding:0;display:grid;gap:6px;min-width:0}
.site-form-field legend,.site-form-field>label{font-weight:600;padding:0}
.site-form :where(input:not([type=radio]):not([type=checkbox]),select,textarea){font:inherit;width:100%;box-sizing:border-box;min-height:44px;padding:8px 10px;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
.site-form textarea{min-height:120px}
.site-form :focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.site-form-parts{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:8px}
.site-form-part{display:grid;gap:4px;font-size:.9em}
.site-form-choice{display:flex;gap:8px;align-items:center;min-height:32px}
.site-form-choice input{width:20px;height:20px}
.site-form-likert-question{border:0;padding:0;margin:0 0 8px;display:flex;flex-wrap:wrap;gap:4px 16px}
.site-form-error,.site-form-general{color:#b3261e;margin:0}
.site-form-general:empty{display:none}
.site-form [aria-invalid=true]{border-color:#b3261e;border-width:2px}
.site-form-counter{margin:0;font-size:.875em;color:#555;text-align:right}
.site-form-counter-over{color:#b3261e;font-weight:600}
.site-form-submit{font:inherit;font-weight:600;min-height:44px;padding:10px 20px;border:0;border-radius:4px;background:#111;color:#fff;cursor:pointer;justify-self:start}
.site-form-submit[disabled]{opacity:.6;cursor:not-allowed}
.site-form-success:focus{outline:none}
.site-form-small .site-form{grid-template-columns:1fr}
.site-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

export function ensureFormStyles(doc: Document = document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.appendChild(style);
}
