/**
 * Member-area pricing toggle (spec part 1 §4): two options (monthly, yearly, say); choosing
 * one marks it pressed and shows its price and join button, hiding the other's.
 *
 * Markup: buttons with `data-pricing-option="<name>"` and, anywhere in the block, elements
 * with `data-pricing-for="<name>"` (prices, join buttons). Without script all of them show.
 */
import type { BlockModule } from '../../core/types';
import { listen } from '../../platform/events';

const memberArea: BlockModule = {
  mount(element) {
    const options = Array.from(element.querySelectorAll<HTMLButtonElement>('[data-pricing-option]'));
    const parts = Array.from(element.querySelectorAll<HTMLElement>('[data-pricing-for]'));
    let chosen = '';
    const choose = (name: string) => {
      chosen = name;
      for (const option of options) option.setAttribute('aria-pressed', String(option.dataset.pricingOption === name));
      for (const part of parts) part.hidden = part.dataset.pricingFor !== name;
    };
    if (options[0]) choose(options.find((o) => o.getAttribute('aria-pressed') === 'true')?.dataset.pricingOption ?? options[0].dataset.pricingOption!);
    const stops = options.map((option) => listen(option, 'click', () => choose(option.dataset.pricingOption!)));
    return {
      get chosen() {
        return chosen;
      },
      choose,
      destroy() {
        stops.forEach((stop) => stop());
        for (const part of parts) part.hidden = false;
        for (const option of options) option.removeAttribute('aria-pressed');
      },
    };
  },
};
export default memberArea;
