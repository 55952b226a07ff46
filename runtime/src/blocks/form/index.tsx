import { createRoot } from 'react-dom/client';
import type { BlockInstance, BlockModule } from '../../core/types';
import { formDefinition } from '../../model/forms/definition';
import { FormView } from './form-view';
import { ensureFormStyles } from './styles';
import { recordFormRender } from './submit';
import { showSuccess } from './success';

/** Newsletter blocks narrower than this get the stacked layout (spec part 1 §9). */
export const NEWSLETTER_SMALL_UNDER_PX = 320;

let formCount = 0;

/** Serves both `form` and `newsletter` blocks: the fields come from the block JSON. */
const formBlock: BlockModule = {
  mount(element, { config, page }): BlockInstance {
    const blockType = element.getAttribute('data-block-type') ?? 'form';
    const definition = formDefinition(config, blockType);
    ensureFormStyles();
    formCount += 1;
    const formKey = `site-form-${formCount}`;
    const previous = Array.from(element.childNodes);
    const host = document.createElement('div');
    host.className = `site-form-block site-form-block-${blockType}`;
    element.replaceChildren(host);
    const extras: HTMLElement[] = [];

    const resize = typeof ResizeObserver === 'function'
      ? new ResizeObserver(([entry]) => host.classList.toggle('site-form-small', (entry?.contentRect.width ?? 1000) < NEWSLETTER_SMALL_UNDER_PX))
      : null;
    if (definition.newsletter) resize?.observe(host);

    const root = createRoot(host);
    root.render(
      <FormView
        definition={definition}
        page={page}
        formKey={formKey}
        isOverlayForm={!!element.closest('[data-overlay-form]')}
        onSuccess={() => extras.push(showSuccess(element, definition))}
      />,
    );
    recordFormRender(definition, page);
    return {
      definition,
      destroy() {
        resize?.disconnect();
        root.unmount();
        // Give the element back as it was (its fallback content), so a remount starts clean.
        element.replaceChildren(...previous);
        for (const extra of extras) extra.remove();
      },
    };
  },
};

export default formBlock;
