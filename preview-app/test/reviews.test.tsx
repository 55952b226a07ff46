import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { Reviews } from '../src/Reviews';
import type { ReviewsAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

async function shown(reviews: ReviewsAnswer['reviews']) {
  await act(async () => view.root.render(<Reviews load={async () => ({ reviews })} />));
}

describe('Reviews', () => {
  it('says when there are none, and how they come', async () => {
    await shown([]);
    expect(view.container.querySelector('h2')!.textContent).toBe('Product reviews');
    expect(view.container.textContent).toContain("No reviews yet. Each order's confirmation links to a review page for every product in it.");
  });

  it('lists each with its product, its rating in words (the stars are not read) and its text, and the average', async () => {
    await shown([
      { id: 2, productId: 'tote', productTitle: 'Tote bag', rating: 4, body: '<b>Sturdy</b>', createdAt: '2026-11-29T10:00:00.000Z' },
      { id: 1, productId: 'mug', productTitle: 'Studio mug', rating: 5, body: '', createdAt: '2026-11-28T10:00:00.000Z' },
    ]);
    expect(view.container.textContent).toContain('2 reviews, 4.5 of 5 stars on average.');
    const [first, second] = [...view.container.querySelectorAll('li')];
    expect(first!.querySelector('strong')!.textContent).toBe('Tote bag');
    expect(first!.querySelector('[aria-hidden="true"]')!.textContent).toBe('★★★★☆');
    expect(first!.querySelector('.sr-only')!.textContent).toBe('4 of 5 stars');
    // Buyer text stays text.
    expect(first!.querySelector('p')!.textContent).toBe('<b>Sturdy</b>');
    expect(first!.querySelector('b')).toBeNull();
    expect(second!.querySelector('p')).toBeNull();
  });
});
