import { useState } from 'react';
import { Submissions } from './Submissions';

export interface AppProps {
  frameUrl: string;
}

/** The owner's view: the site in a frame beside a config panel (the rest is its own issue). */
export function App({ frameUrl }: AppProps) {
  const [panelOpen, setPanelOpen] = useState(true);
  return (
    <div className="config-layout">
      <header className="config-bar">
        <h1>Site configuration</h1>
        <button type="button" aria-expanded={panelOpen} aria-controls="config-panel" onClick={() => setPanelOpen((open) => !open)}>
          {panelOpen ? 'Hide panel' : 'Show panel'}
        </button>
      </header>
      <div className="config-main">
        <aside id="config-panel" className="config-panel" aria-label="Config panel" hidden={!panelOpen}>
          <h2>Your site</h2>
          <p>
            Viewing <code>{frameUrl}</code>
          </p>
          <h2>Form submissions</h2>
          <Submissions />
        </aside>
        <iframe className="config-frame" title="Site preview" src={frameUrl} />
      </div>
    </div>
  );
}
