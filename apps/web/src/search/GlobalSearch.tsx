import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Input, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api';
import { groupSearchResults, type SearchResponse } from './searchResults';
import { useDebouncedValue } from './useDebouncedValue';

const DEBOUNCE_MS = 300;
/** Closing waits a little after blur so a click on a result still lands (doc 1 §9). */
const CLOSE_DELAY_MS = 300;

export function GlobalSearch() {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const searchTerm = useDebouncedValue(term.trim(), DEBOUNCE_MS);

  const query = useQuery({
    queryKey: ['global-search', searchTerm],
    queryFn: ({ signal }) => api.get<SearchResponse>('/global-search', { query: { search_term: searchTerm }, signal }),
    enabled: searchTerm.length > 0,
    staleTime: 30_000,
  });
  const groups = groupSearchResults(query.data, term);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(false);
  };
  const showPanel = open && term.trim().length > 0;

  return (
    <search className="global-search">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search"
        aria-label="Search"
        data-testid="global-search"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            close();
          }
        }}
      />
      {showPanel ? (
        <div className="global-search-panel" data-testid="global-search-results">
          {groups.map((group) => (
            <section key={group.group} data-testid={`search-group-${group.group}`}>
              <Typography.Text type="secondary" className="global-search-group">
                {group.label}
              </Typography.Text>
              <ul>
                {group.hits.map((hit) => (
                  <li key={hit.key}>
                    <Link to={hit.to} onClick={close}>
                      <span>{hit.text}</span>
                      {hit.detail ? <Typography.Text type="secondary"> {hit.detail}</Typography.Text> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {groups.length === 0 ? (
            query.isFetching || searchTerm !== term.trim() ? (
              <div className="global-search-status">
                <Spin size="small" />
              </div>
            ) : (
              <Typography.Text type="secondary" className="global-search-status">
                No results
              </Typography.Text>
            )
          ) : null}
        </div>
      ) : null}
    </search>
  );
}
