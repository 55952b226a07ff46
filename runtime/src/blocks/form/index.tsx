import { createRoot } from 'react-dom/client';
import type { BlockInstance, BlockModule } from '../../core/types';
import { formDefinition } from '../../../../contract/model/forms/definition';
import { turn } from '../../platform/yield';
import { FormView } from './form-view';
import { FIRST_TURN_FIELDS, nextFieldCount } from './turns';
import { recordFormRender } from './submit';
import { showSuccess } from './success';

let formCount = 0;

/** Serves both `form` and `newsletter` blocks: the fields come from the block JSON. */
/** The form styles ship as dist/runtime/form.css (cacheable, and no inline styles for CSP). */
export const FORM_STYLESHEET = 'form.css';

const formBlock: BlockModule = {
  stylesheet: FORM_STYLESHEET,
  async mount(element, { config, page }): Promise<BlockInstance> {
    const blockType = element.getAttribute('data-block-type') ?? 'form';
    const definition = formDefinition(config, blockType);
    formCount += 1;
    const formKey = `site-form-${formCount}`;
    const previous = Array.from(element.childNodes);
    const host = document.createElement('div');
    host.className = `site-form-block site-form-block-${blockType}`;
    const extras: HTMLElement[] = [];

    const root = createRoot(host);
    const isOverlayForm = !!element.closest('[data-overlay-form]');
    // Section titles are h2s (under the page's h1), or the level the theme gives the block.
    const headingLevel = Math.min(6, Math.max(2, Number(element.dataset.headingLevel) || 2));
    const render = (fieldCount: number) =>
      root.render(
        <FormView
          definition={definition}
          page={page}
          formKey={formKey}
          isOverlayForm={isOverlayForm}
          onSuccess={() => extras.push(showSuccess(element, definition))}
          fieldCount={fieldCount}
          headingLevel={headingLevel}
        />,
      );
    // A long form renders a few fields per turn (a form of twenty fields is a long task on a slow
    // phone), into a host not yet on the page: nothing shows half-built, nothing moves twice.
    for (let count = FIRST_TURN_FIELDS; ; count = nextFieldCount(count)) {
      render(count);
      if (count >= definition.fields.length) break;
      await turn();
    }
    element.replaceChildren(host);
    recordFormRender(definition, page);
    return {
      definition,
      destroy() {
        root.unmount();
        // Give the element back as it was (its fallback content), so a remount starts clean.
        element.replaceChildren(...previous);
        for (const extra of extras) extra.remove();
      },
    };
  },
};

export default formBlock;
