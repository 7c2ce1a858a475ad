import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../api';
import { SpriteIcon } from '../components/SpriteIcon/SpriteIcon';
import { PlainSpinner } from '../pages/plain/PlainSpinner';
import { groupSearchResults, type SearchResponse } from './searchResults';
import { useDebouncedValue } from './useDebouncedValue';
import { useSearchShortcut } from './useSearchShortcut';
import './search.css';

const DEBOUNCE_MS = 300;
/** Closing waits a little after blur so a click on a result still lands (doc 1 §9). */
const CLOSE_DELAY_MS = 300;

/**
 * The header's global search (doc 1 §2): a combobox whose grouped results are links. Arrows move through the
 * results, Enter opens the highlighted one (the first when none is), Escape closes; '/' focuses it (Ctrl/Cmd+K is the command palette's).
 */
export function GlobalSearch() {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const searchTerm = useDebouncedValue(term.trim(), DEBOUNCE_MS);

  const query = useQuery({
    queryKey: ['global-search', searchTerm],
    queryFn: ({ signal }) => api.get<SearchResponse>('/global-search', { query: { search_term: searchTerm }, signal }),
    enabled: searchTerm.length > 0,
    staleTime: 30_000,
  });
  const groups = groupSearchResults(query.data, term);
  const hits = groups.flatMap((group) => group.hits);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useSearchShortcut(() => {
    input.current?.focus();
    input.current?.select();
    setOpen(true);
  });

  const close = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(false);
    setActive(-1);
  };
  const showPanel = open && term.trim().length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (!showPanel || hits.length === 0) {
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      const hit = hits[Math.max(active, 0)];
      if (hit) {
        event.preventDefault();
        close();
        input.current?.blur();
        void navigate(hit.to);
      }
    }
  };

  let index = -1;
  return (
    <search className="global-search">
      {/* A plain input drawn as antd's (search.css): antd's Input is ~10 KB gzipped of the first download of /, for a
          box with an icon and a clear button. */}
      <span className="global-search-box">
        <SpriteIcon name="SearchOutlined" className="global-search-icon" />
        <input
          ref={input}
          placeholder="Search"
          aria-label="Search"
          role="combobox"
          aria-expanded={showPanel}
          aria-controls={showPanel ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showPanel && active >= 0 ? optionId(active) : undefined}
          aria-keyshortcuts="/"
          data-testid="global-search"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
        />
        {term ? (
          <button
            type="button"
            className="global-search-clear"
            aria-label="Clear search"
            onClick={() => {
              setTerm('');
              setActive(-1);
              input.current?.focus();
            }}
          >
            <SpriteIcon name="CloseCircleFilled" />
          </button>
        ) : null}
      </span>
      {showPanel ? (
        <div className="global-search-panel" data-testid="global-search-results">
          <div id={listId} role="listbox" aria-label="Search results">
            {groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a group of listbox options (ARIA listbox pattern), not form fields
              <section
                key={group.group}
                role="group"
                aria-label={group.label}
                data-testid={`search-group-${group.group}`}
              >
                <span className="global-search-secondary global-search-group" aria-hidden>
                  {group.label}
                </span>
                {group.hits.map((hit) => {
                  index += 1;
                  const position = index;
                  return (
                    <Link
                      key={hit.key}
                      id={optionId(position)}
                      role="option"
                      aria-selected={position === active}
                      to={hit.to}
                      tabIndex={-1}
                      className={position === active ? 'is-active' : undefined}
                      onMouseEnter={() => setActive(position)}
                      onClick={close}
                    >
                      <span>{hit.text}</span>
                      {hit.detail ? (
                        <span className="global-search-secondary global-search-detail">{hit.detail}</span>
                      ) : null}
                    </Link>
                  );
                })}
              </section>
            ))}
          </div>
          {groups.length === 0 ? (
            query.isFetching || searchTerm !== term.trim() ? (
              <div className="global-search-status">
                <PlainSpinner size="small" />
              </div>
            ) : (
              <span className="global-search-secondary global-search-status">No results</span>
            )
          ) : null}
        </div>
      ) : null}
    </search>
  );
}
