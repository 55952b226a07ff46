import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the chosen panel renders. */
export function PanelTabs({ tabs }: { tabs: Tab[] }) {
  const [current, setCurrent] = useState(tabs[0]!.id);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    setCurrent(tabs[target]!.id);
    buttons.current[target]?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label="Config panel sections" className="config-tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={current === tab.id}
            aria-controls={`tabpanel-${tab.id}`}
            tabIndex={current === tab.id ? 0 : -1}
            onClick={() => setCurrent(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`tabpanel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={current !== tab.id}>
          {current === tab.id && tab.content}
        </div>
      ))}
    </>
  );
}
