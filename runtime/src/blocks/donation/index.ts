/**
 * The donation block (needs the `donation` feature flag): suggested amounts in the store
 * currency, or the visitor's own, leading to `/checkout/donate?donatePageId=`.
 */
import type { BlockModule } from '../../core/types';
import { formatMinorUnits } from '../../../../contract/commerce/money';
import { currency, storeCurrency } from '../../../../contract/commerce/currencies';
import { MAX_PRICE } from '../../../../contract/commerce/product';
import { DONATE_PATH, donateUrl } from '../../../../contract/commerce/routes';
import { pageLanguage, texts } from '../../platform/strings';
import { serverPageUrl } from '../../net/api-base';

/** The block's words (platform/strings.ts). */
export const donationWords = texts('donation', {
  title: 'Choose an amount',
  other: 'Other amount',
  donate: 'Donate',
  aboveZero: 'Please enter an amount above zero.',
});

const donation: BlockModule = {
  stylesheet: 'blocks.css',
  mount(element, { config, page }) {
    const donatePageId = typeof config.donatePageId === 'string' && /^[\w-]{1,64}$/.test(config.donatePageId) ? config.donatePageId : null;
    if (!donatePageId) throw new Error('A donation block needs its donatePageId.');
    const code = storeCurrency(page.websiteSettings);
    const digits = currency(code)?.fractionDigits ?? 2;
    const amounts = (Array.isArray(config.amounts) ? config.amounts : [1000, 2500, 5000]).filter((a): a is number => Number.isInteger(a) && a > 0 && a <= MAX_PRICE);
    const words = donationWords();
    const form = document.createElement('form');
    form.className = 'donation-form';
    form.action = DONATE_PATH;
    form.method = 'get';
    const fieldset = document.createElement('fieldset');
    const legend = document.createElement('legend');
    legend.textContent = typeof config.title === 'string' ? config.title : words.title;
    fieldset.append(legend);
    const name = `donation-${element.id || 'amount'}`;
    amounts.forEach((minor, i) => {
      const label = document.createElement('label');
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = name;
      radio.value = String(minor);
      radio.checked = i === 0;
      label.append(radio, ` ${formatMinorUnits(minor, code, { locale: pageLanguage() })}`);
      fieldset.append(label);
    });
    const otherLabel = document.createElement('label');
    const other = document.createElement('input');
    other.type = 'number';
    other.min = '1';
    other.step = digits === 0 ? '1' : '0.01';
    other.inputMode = 'decimal';
    otherLabel.append(`${words.other} `, other);
    fieldset.append(otherLabel);
    const submit = document.createElement('button');
    submit.type = 'submit';
    submit.textContent = typeof config.buttonText === 'string' ? config.buttonText : words.donate;
    form.append(fieldset, submit);
    const error = document.createElement('p');
    error.setAttribute('role', 'alert');
    error.className = 'donation-error';
    form.append(error);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const typed = Math.round(Number(other.value) * 10 ** digits);
      const picked = Number((form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`) ?? { value: '0' }).value);
      const minor = other.value ? typed : picked;
      if (!Number.isInteger(minor) || minor <= 0 || minor > MAX_PRICE) {
        error.textContent = words.aboveZero;
        other.focus();
        return;
      }
      location.assign(serverPageUrl(donateUrl(donatePageId, minor)));
    });
    const authored = Array.from(element.children) as HTMLElement[];
    for (const child of authored) child.hidden = true;
    element.append(form);
    return {
      destroy() {
        form.remove();
        for (const child of authored) child.hidden = false;
      },
    };
  },
};
export default donation;
