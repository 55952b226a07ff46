import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { afterLogoutUrl } from '../../contract/owner/rules';
import { ErrorBoundary } from './ErrorBoundary';
import { retryableLazy } from './retryable-lazy';
import { PanelTabs } from './PanelTabs';
import { Guide } from './Guide';
import { Insights } from './Insights';
import { ownerPost, setSessionRenewal } from './owner-api';
import { isNarrowScreen, readExpanded, writeExpanded } from './panel-cookie';
import { CHANGE_PLAN_PATH, PlanLinks, PlanPanel, UPGRADE_PATH, type PlanInfo } from './Plan';
import { SignInDialog } from './SignInDialog';
import { useOwnerData } from './use-owner-data';
import { useSiteKeys } from './use-site-keys';
import { keepAtTop } from './keep-in-view';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { ShownSection } from '../../contract/owner/sections';
import { LOGOUT_PATH } from '../../contract/api/paths';

// The editors (ProseMirror among them) load when the owner opens the Editing tab.
const Editing = retryableLazy(() => import('./Editing').then((m) => ({ default: m.Editing })));
// Changed once in a while: loaded when the tab is chosen.
const Account = retryableLazy(() => import('./Account').then((m) => ({ default: m.Account })));

/** Part 2 §9: phone previews up to 428 px, tablet 768, desktop 1024 and wider. */
export const DEVICES = [
  { id: 'phone', label: 'Phone', width: '428px' },
  { id: 'tablet', label: 'Tablet', width: '768px' },
  { id: 'desktop', label: 'Desktop', width: '100%' },
] as const;
type Device = (typeof DEVICES)[number]['id'];

export interface AppProps {
  frameUrl: string;
  /** The app's own path: the plan pages show the plan panel instead of the site. */
  path?: string;
  /** A section of the panel to open at (a notice's link: `?show=orders`). */
  show?: ShownSection | null;
}

/** The owner's view: the site in a frame beside the config panel with the owner's data. */
export function App({ frameUrl: initialFrameUrl, path = '/config/', show = null }: AppProps) {
  const [frameUrl, setFrameUrl] = useState(initialFrameUrl);
  const planPage = path === UPGRADE_PATH || path === CHANGE_PLAN_PATH;
  // A plan page on a narrow screen opens on the plan the owner asked for, whatever the panel's remembered state; a notice's link, on the section it names.
  const [panelOpen, setPanelOpen] = useState(() => !!show || (!(planPage && isNarrowScreen()) && readExpanded()));
  const [guideOpen, setGuideOpen] = useState(false);
  const [device, setDevice] = useState<Device>('desktop');
  const [notice, setNotice] = useState('');
  const [planState, reloadPlan] = useOwnerData<PlanInfo>(OWNER_PATHS.plan);
  const [plan, setPlan] = useState<PlanInfo | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const guideButton = useRef<HTMLButtonElement>(null);
  const loggingOut = useRef(false);
  /** Set while a call waits for the owner to sign in again (their session ended meanwhile). */
  const [signedIn, setSignedIn] = useState<((again: boolean) => void) | null>(null);
  // A load that meets the session the owner is ending (Shift+Escape) does not ask them to sign in again.
  useEffect(() => setSessionRenewal(() => (loggingOut.current ? Promise.resolve(false) : new Promise<boolean>((resolve) => setSignedIn(() => resolve)))), []);

  useEffect(() => setPlan(planState.status === 'ready' ? planState.data : null), [planState]);

  // The section a notice links to: its heading takes focus, at the top of the panel, and stays there as the sections above load.
  useEffect(() => {
    const heading = show && document.getElementById(`${show}-title`);
    const panel = document.getElementById('config-panel');
    if (!heading || !panel) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return keepAtTop(heading, panel);
  }, [show]);

  /** What had focus when the panel was toggled: if toggling hid it, focus goes to the toggle. */
  const focusBeforeToggle = useRef<Element | null>(null);
  const panelToggle = useRef<HTMLButtonElement>(null);
  const togglePanel = useCallback(() => {
    focusBeforeToggle.current = document.activeElement;
    setPanelOpen((open) => {
      writeExpanded(!open);
      return !open;
    });
  }, []);
  useEffect(() => {
    const before = focusBeforeToggle.current;
    focusBeforeToggle.current = null;
    // Hidden now: inside the closed panel, or the frame that an open panel covers on a narrow screen.
    if (before && before !== document.body && before.getClientRects().length === 0) panelToggle.current?.focus();
  }, [panelOpen]);

  const closeGuide = useCallback(() => {
    setGuideOpen(false);
    guideButton.current?.focus();
  }, []);

  /** Shift+Escape: one logout at a time, then the frame URL with logout=true. */
  const logout = useCallback(() => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    setNotice('Signing out…');
    ownerPost(LOGOUT_PATH).then(
      () => location.assign(afterLogoutUrl(frameUrl)),
      (error: Error) => {
        loggingOut.current = false;
        setNotice(`Unable to sign out: ${error.message}`);
      },
    );
  }, [frameUrl]);

  useSiteKeys(frame, (shiftKey) => {
    if (shiftKey) logout();
    else if (guideOpen) closeGuide();
    else togglePanel();
  });

  /** Keeps the address on the page the owner is viewing inside the frame. */
  const onFrameLoad = () => {
    try {
      const inner = frame.current?.contentWindow?.location;
      if (!inner || inner.origin !== location.origin || inner.pathname.startsWith('/config')) return;
      const current = inner.pathname + inner.search;
      setFrameUrl(current);
      history.replaceState(history.state, '', `/config/?frameUrl=${encodeURIComponent(current)}`);
    } catch {
      /* the frame left the site: nothing to follow */
    }
  };

  const width = DEVICES.find((d) => d.id === device)!.width;
  return (
    <div className="config-layout">
      <header className="config-bar">
        <h1>Site configuration</h1>
        <PlanLinks info={plan} />
        <div role="group" aria-label="Preview size" className="config-devices">
          {DEVICES.map((d) => (
            <button type="button" key={d.id} aria-pressed={device === d.id} onClick={() => setDevice(d.id)}>
              {d.label}
            </button>
          ))}
        </div>
        <div className="config-bar-actions">
          <button type="button" ref={guideButton} aria-expanded={guideOpen} aria-controls="config-guide" onClick={() => (guideOpen ? closeGuide() : setGuideOpen(true))}>
            Guide
          </button>
          <button type="button" ref={panelToggle} aria-expanded={panelOpen} aria-controls="config-panel" onClick={togglePanel}>
            {panelOpen ? 'Hide panel' : 'Show panel'}
          </button>
          <button type="button" onClick={logout}>
            Log out
          </button>
        </div>
      </header>
      <p className="config-notice" role="status">
        {notice}
      </p>
      {/* Named: the framed site has a main of its own, and a screen reader may list both together. */}
      <main className="config-main" aria-label="Config app">
        <aside id="config-panel" className="config-panel" aria-label="Config panel" hidden={!panelOpen}>
          <p>
            Viewing <code>{frameUrl}</code>
          </p>
          <PanelTabs
            tabs={[
              {
                id: 'insights',
                label: 'Insights',
                content: (
                  <ErrorBoundary name="The insights">
                    <Insights />
                  </ErrorBoundary>
                ),
              },
              {
                id: 'editing',
                label: 'Editing',
                content: (
                  <ErrorBoundary name="The editors">
                    <Suspense fallback={<p aria-busy="true">Loading the editors…</p>}>
                      <Editing />
                    </Suspense>
                  </ErrorBoundary>
                ),
              },
              {
                id: 'account',
                label: 'Account',
                content: (
                  <ErrorBoundary name="Your account">
                    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
                      <Account />
                    </Suspense>
                  </ErrorBoundary>
                ),
              },
            ]}
          />
        </aside>
        <div className="config-stage">
          {planPage ? (
            <PlanPanel
              state={planState}
              reload={reloadPlan}
              upgrade={path === UPGRADE_PATH}
              onChange={(info) => {
                setPlan(info);
                reloadPlan();
              }}
            />
          ) : (
            <iframe ref={frame} className="config-frame" title="Site preview" src={frameUrl} style={{ width }} onLoad={onFrameLoad} />
          )}
        </div>
        {signedIn && (
          <SignInDialog
            onDone={(again) => {
              setSignedIn(null);
              signedIn(again);
            }}
          />
        )}
        {/* Beside the stage rather than in it: on a narrow screen the open panel hides the stage, not the guide. */}
        {guideOpen && (
          <div id="config-guide">
            <Guide onClose={closeGuide} />
          </div>
        )}
      </main>
    </div>
  );
}
