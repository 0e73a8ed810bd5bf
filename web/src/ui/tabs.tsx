import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

/** One tab: its id (also used in element ids), its label and its panel. */
export interface TabSpec {
  id: string;
  label: string;
  render: () => ComponentChildren;
}

/** Props of Tabs. */
export interface TabsProps {
  /** Prefix of the element ids, unique on the page. */
  idPrefix: string;
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabSpec[];
  selected: string;
  onSelect: (id: string) => void;
}

/**
 * Tabs following the ARIA tabs pattern: one tab stop (the selected tab),
 * Left/Right arrows move and select (wrapping), Home/End go to the ends;
 * only the selected panel is rendered, labelled by its tab.
 */
export function Tabs({ idPrefix, label, tabs, selected, onSelect }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent): void => {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${idPrefix}-tab-${tab.id}`)?.focus();
  };

  return (
    <div class="tabs">
      <div class="tab-list" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${idPrefix}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          class="tab-panel"
          role="tabpanel"
          id={`${idPrefix}-panel-${current.id}`}
          aria-labelledby={`${idPrefix}-tab-${current.id}`}
          tabIndex={0}
        >
          {current.render()}
        </div>
      )}
    </div>
  );
}
