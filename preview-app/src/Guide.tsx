import { useEffect, useRef } from 'react';

/** The guide: a non-modal panel of tips. Escape closes it before anything else. */
export function Guide({ onClose }: { onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="config-guide" role="dialog" aria-modal="false" aria-labelledby="guide-title">
      <h2 id="guide-title" tabIndex={-1} ref={heading}>
        Guide
      </h2>
      <ul>
        <li>Browse your site in the frame; the address bar follows the page you are on.</li>
        <li>
          <kbd>Escape</kbd> shows or hides this panel, here or inside the site; <kbd>Shift</kbd>+<kbd>Escape</kbd> signs you out.
        </li>
        <li className="config-guide-devices">Phone, Tablet and Desktop preview the site at 428, 768 and 1024 pixels or wider.</li>
        <li>Page views, performance and errors come from your visitors; form submissions can be exported as CSV.</li>
      </ul>
      <button type="button" onClick={onClose}>
        Close guide
      </button>
    </section>
  );
}
