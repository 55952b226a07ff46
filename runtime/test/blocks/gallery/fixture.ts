/** A gallery block of `count` image slides in the body, answered by its element. */
export function galleryInBody(id: string, count = 3): HTMLElement {
  document.body.innerHTML = `<div id="${id}" data-block-type="gallery">${Array.from(
    { length: count },
    (_, i) => `<figure data-slide-id="s${i}" data-type="image" data-image-dimensions="1500x1000"><img data-src="/i/${i}.jpg" alt="Photo ${i}"></figure>`,
  ).join('')}</div>`;
  return document.getElementById(id)!;
}
