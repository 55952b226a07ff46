// A page the browser prerenders (speculation rules; Chromium) before the visitor opens it.
// TypeScript's DOM types lack it. Ambient and imported by nothing, so the package's types
// (built from index.ts) do not change theme code's Document.
interface Document {
  readonly prerendering?: boolean;
}
interface DocumentEventMap {
  prerenderingchange: Event;
}
