/**
 * Scheduling (Acuity) and wedding-registry (Zola) blocks (spec part 1 §7: their scripts are
 * loaded once, and only on pages that have them). The provider's own markup is built from
 * validated ids, never from HTML in the block JSON; the authored fallback (a link) stays, and
 * shows again when the provider cannot be reached.
 */
import type { BlockModule } from '../../core/types';
import { gateEmbed, type Embed } from '../../core/consent';
import { texts } from '../../platform/strings';
import { loadScript } from '../../platform/load-script';

export const ACUITY_SCRIPT = 'https://embed.acuityscheduling.com/js/embed.js';
export const ZOLA_SCRIPT = 'https://widget.zola.com/js/widget.js';
export const WIDGET_FAILED = 'This widget could not be loaded. Please try again later.';

/** The block's words (platform/strings.ts). */
export const schedulingWords = texts('scheduling', {
  failed: WIDGET_FAILED,
  appointment: 'Schedule an appointment',
  registry: 'Our wedding registry',
});

function build(type: string, config: Record<string, unknown>): { element: HTMLElement; script: string } & Embed {
  if (type === 'acuity') {
    const owner = String(config.owner ?? '');
    if (!/^\d{1,12}$/.test(owner)) throw new Error('A scheduling block needs its numeric owner id.');
    const frame = document.createElement('iframe');
    frame.src = `https://app.acuityscheduling.com/schedule.php?owner=${owner}`;
    frame.title = typeof config.title === 'string' ? config.title : schedulingWords().appointment;
    frame.width = '100%';
    frame.height = '800';
    frame.style.border = '0';
    // An 800 px widget from another site: the browser loads it as it nears the viewport, not
    // with the page, when it is screens below the fold.
    frame.setAttribute('loading', 'lazy');
    return { element: frame, script: ACUITY_SCRIPT, provider: 'Acuity Scheduling', what: 'bookingForm' };
  }
  const key = String(config.registryKey ?? '');
  if (!/^[\w-]{1,80}$/.test(key)) throw new Error('A wedding registry block needs its registryKey.');
  const link = document.createElement('a');
  link.className = 'zola-registry-embed';
  link.href = `https://www.zola.com/registry/${key}`;
  link.dataset.registryKey = key;
  link.textContent = typeof config.title === 'string' ? config.title : schedulingWords().registry;
  return { element: link, script: ZOLA_SCRIPT, provider: 'Zola', what: 'registry' };
}

const scheduling: BlockModule = {
  async mount(element, { config, page }) {
    const type = element.getAttribute('data-block-type') ?? '';
    const { element: widget, script, provider, what } = build(type, config);
    const authored = Array.from(element.children) as HTMLElement[];
    for (const child of authored) child.hidden = true;
    const note = document.createElement('p');
    let destroyed = false;
    const stopGate = gateEmbed(page.cookieSettings, element, { provider, what }, () => {
      element.append(widget);
      // Not awaited: the iframe or link works before the provider's script arrives, and a stalled
      // provider must not hold up the page's `ready`.
      loadScript(script).catch((error: unknown) => {
        if (destroyed) return;
        // A provider that cannot be reached leaves no empty 800 px frame: the block's own
        // content (a link, say) comes back, with the message.
        widget.remove();
        for (const child of authored) child.hidden = false;
        note.className = 'widget-error';
        note.setAttribute('role', 'status');
        note.textContent = schedulingWords().failed;
        element.append(note);
        console.warn(WIDGET_FAILED, error);
      });
    });
    return {
      destroy() {
        destroyed = true;
        stopGate();
        widget.remove();
        note.remove();
        for (const child of authored) child.hidden = false;
      },
    };
  },
};
export default scheduling;
