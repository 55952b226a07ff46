/**
 * The product list block: each product's price in the store currency (sale price beside the
 * struck original, 'from {startingPrice}' when prices vary, 'Sold out'), and a quick view in a
 * dialog that records `POST /api/census/RecordQuickView/{id}`.
 */
import type { BlockModule } from '../../core/types';
import { formatMinorUnits } from '../../../../contract/commerce/money';
import { storeCurrency } from '../../../../contract/commerce/currencies';
import { ProductType, effectivePrice, firstVariant, isOnSale, isSoldOut, pricesVary, startingPrice, type Product } from '../../../../contract/commerce/product';
import { sendCensus } from '../../net/census';
import { request } from '../../net/request';
import { serverPageUrl } from '../../net/api-base';
import { cartRequest } from '../../net/kept-cart';
import { CART_PAGE_PATH, giftCardUrl, subscribeUrl } from '../../../../contract/commerce/routes';
import { RENEWAL_WORDS, renewalText, type SubscriptionPlan } from '../../../../contract/commerce/subscription';
import { fill, pageLanguage, texts } from '../../platform/strings';
import { listen, type Teardown } from '../../platform/events';
import type * as Paths from '../../../../contract/api/paths';
const CART_ENTRIES_PATH: typeof Paths.CART_ENTRIES_PATH = '/api/commerce/cart/entries';
const SUBSCRIPTIONS_PATH: typeof Paths.SUBSCRIPTIONS_PATH = '/api/commerce/subscriptions';

export const SOLD_OUT = 'Sold out';
export const QUICK_VIEW = 'Quick view';
export const ADD_TO_CART = 'Add to cart';
export const SUBSCRIBE = 'Subscribe';
export const BUY_GIFT_CARD = 'Buy a gift card';

/** The block's words (platform/strings.ts), the subscription line's included. */
export const productWords = texts('product', {
  soldOut: SOLD_OUT,
  quickView: QUICK_VIEW,
  quickViewOf: '{action}: {title}',
  addToCart: ADD_TO_CART,
  subscribe: SUBSCRIBE,
  buyGiftCard: BUY_GIFT_CARD,
  added: '{title} added to your cart. ',
  viewCart: 'View cart',
  viewProduct: 'View product',
  close: 'Close',
  from: 'from {price}',
  // Said before a sale's two prices: a strikethrough (<del>) is seen, and most screen readers do not say it.
  originalPrice: 'Original price:',
  salePrice: 'Sale price:',
  ...RENEWAL_WORDS,
});

type ListedProduct = Product & { url?: string; description?: string; subscriptionPlan?: SubscriptionPlan };

/**
 * How a product is bought: a subscription through its own checkout (a cart of its own), a
 * gift card through the gift-card route, anything else into the cart.
 */
function buyControl(product: ListedProduct, websiteId: string, status: HTMLElement): HTMLElement {
  const sku = firstVariant(product)?.sku;
  const words = productWords();
  if (product.productType === ProductType.GIFT_CARD) {
    const link = text('a', 'product-buy', words.buyGiftCard) as HTMLAnchorElement;
    link.href = serverPageUrl(giftCardUrl(websiteId, product.id, sku));
    return link;
  }
  const subscription = !!product.subscriptionPlan;
  const button = text('button', 'product-buy', subscription ? words.subscribe : words.addToCart) as HTMLButtonElement;
  button.type = 'button';
  button.setAttribute('aria-label', fill(words.quickViewOf, { action: button.textContent!, title: product.title }));
  button.addEventListener('click', () => {
    button.disabled = true;
    const done = () => (button.disabled = false);
    const onFailure = (error: Error) => (status.textContent = error.message);
    if (subscription) {
      request<{ cartToken: string }>(SUBSCRIPTIONS_PATH, { method: 'POST', data: { productId: product.id }, onFailure }).then((answer) => location.assign(serverPageUrl(subscribeUrl(answer.cartToken))), done);
      return;
    }
    cartRequest(CART_ENTRIES_PATH, { method: 'POST', data: { productId: product.id, sku, quantity: 1 }, onFailure }).then(() => {
      done();
      const view = text('a', 'product-view-cart', words.viewCart) as HTMLAnchorElement;
      view.href = CART_PAGE_PATH;
      status.replaceChildren(fill(words.added, { title: product.title }), view);
    }, done);
  });
  return button;
}

/** The price line of a product, in the store currency. */
export function priceText(product: Product, currencyCode: string): { price: string; original: string | null; soldOut: boolean } {
  const money = (minor: number) => formatMinorUnits(minor, currencyCode, { locale: pageLanguage() });
  const first = firstVariant(product);
  if (pricesVary(product)) return { price: fill(productWords().from, { price: money(startingPrice(product)) }), original: null, soldOut: isSoldOut(product) };
  const pays = first ? effectivePrice(first) : 0;
  return { price: money(pays), original: isOnSale(product) && first ? money(first.price) : null, soldOut: isSoldOut(product) };
}

const text = (tag: string, className: string, value: string) => {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = value;
  return element;
};
/** A price with the word only screen readers get before it (a sale's two prices). */
const said = (tag: string, className: string, label: string, amount: string): HTMLElement => {
  const element = text(tag, className, amount);
  element.prepend(text('span', 'site-visually-hidden', `${label} `));
  return element;
};

const productList: BlockModule = {
  stylesheet: 'blocks.css',
  mount(element, { config, page }) {
    const products = (Array.isArray(config.products) ? config.products : []).filter(
      (p): p is ListedProduct => typeof p === 'object' && p !== null && typeof (p as Product).id === 'string' && typeof (p as Product).title === 'string',
    );
    const currencyCode = storeCurrency(page.websiteSettings);
    const list = document.createElement('ul');
    list.className = 'product-list';
    const teardowns: Teardown[] = [];
    const dialog = document.createElement('dialog');
    dialog.className = 'product-quick-view';
    const status = text('p', 'product-status', '');
    status.setAttribute('role', 'status');
    const words = productWords();

    for (const product of products) {
      const { price, original, soldOut } = priceText(product, currencyCode);
      const item = document.createElement('li');
      item.className = 'product-item';
      const title = text('h3', 'product-title', '');
      const link = document.createElement('a');
      link.href = typeof product.url === 'string' && product.url.startsWith('/') ? product.url : '#';
      link.textContent = product.title;
      title.append(link);
      const prices = text('p', 'product-price', '');
      if (original) prices.append(said('del', 'product-original', words.originalPrice, original), ' ', said('span', 'product-sale', words.salePrice, price));
      else prices.append(text('span', 'product-current', price));
      item.append(title, prices);
      if (product.subscriptionPlan) {
        try {
          item.append(text('p', 'product-renews', renewalText(product.subscriptionPlan, words)));
        } catch {
          /* a plan without a whole period: the price alone */
        }
      }
      if (soldOut) item.append(text('p', 'product-sold-out', words.soldOut));
      else item.append(buyControl(product, page.website.id ?? '', status), ' ');
      const view = text('button', 'product-quick-view-button', words.quickView) as HTMLButtonElement;
      view.type = 'button';
      view.setAttribute('aria-haspopup', 'dialog');
      view.setAttribute('aria-label', fill(words.quickViewOf, { action: words.quickView, title: product.title }));
      item.append(view);
      teardowns.push(
        listen(view, 'click', () => {
          dialog.replaceChildren(text('h2', 'product-title', product.title), prices.cloneNode(true));
          if (soldOut) dialog.append(text('p', 'product-sold-out', words.soldOut));
          if (typeof product.description === 'string') dialog.append(text('p', 'product-description', product.description));
          const close = text('button', 'product-close', words.close) as HTMLButtonElement;
          close.type = 'button';
          close.addEventListener('click', () => dialog.close());
          const more = document.createElement('a');
          more.href = link.getAttribute('href')!;
          more.textContent = words.viewProduct;
          dialog.append(more, ' ', close);
          dialog.setAttribute('aria-label', product.title);
          // A page that scrolls is held while the view is open, its scrollbar's room kept (blocks.css).
          const root = document.documentElement;
          dialog.toggleAttribute('data-holds-page', root.scrollHeight > root.clientHeight);
          dialog.showModal();
          void sendCensus(page, `/api/census/RecordQuickView/${encodeURIComponent(product.id)}`, {});
        }),
        // Native dialogs return focus to the opener themselves; keep it explicit for Safari.
        listen(dialog, 'close', () => view.isConnected && document.activeElement === document.body && view.focus()),
      );
      list.append(item);
    }
    const authored = Array.from(element.children) as HTMLElement[];
    for (const child of authored) child.hidden = true;
    element.append(list, status, dialog);
    return {
      destroy() {
        teardowns.forEach((teardown) => teardown());
        list.remove();
        dialog.remove();
        status.remove();
        for (const child of authored) child.hidden = false;
      },
    };
  },
};
export default productList;
