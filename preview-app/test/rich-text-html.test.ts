import { describe, expect, it } from 'vitest';
import { docFromHtml } from '../src/RichTextEditor';
import { renderProseMirror } from '../../contract/model/prose-mirror';

describe("a form's success HTML read into the rich-text editor", () => {
  // Whether a handler could run while parsing is not something jsdom can show (it loads no
  // image and runs no script either way); what is checked is what the editor's model keeps.
  it('keeps text, bold, italic and links; drops scripts and what the schema does not hold', () => {
    const doc = docFromHtml(
      '<p class="done">Request <b>received</b>, <em>thanks</em>. <a href="/faq">FAQ</a></p><script>ranFromHtml()</script><img src="x" onerror="ranFromHtml()">',
    );
    expect(renderProseMirror(doc)).toBe('<p>Request <strong>received</strong>, <em>thanks</em>. <a href="/faq">FAQ</a></p>');
  });

  it('plain text as a paragraph; nothing as an empty paragraph', () => {
    expect(renderProseMirror(docFromHtml('<p>Thank you! We will get back to you soon.</p>'))).toBe('<p>Thank you! We will get back to you soon.</p>');
    expect(docFromHtml('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
