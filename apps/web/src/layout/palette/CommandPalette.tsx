import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, theme } from 'antd';
import { Command } from 'cmdk';
import type { CSSProperties } from 'react';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api';
import { useConfig, useCurrentUser } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { getTask, taskKey } from '../../features/tasks/api';
import { confirmIfClosed } from '../../features/timelogs/confirmClosedTask';
import { useActiveTimers, useTimerActions } from '../../features/timelogs/useTimers';
import type { SearchResponse } from '../../search/searchResults';
import { useDebouncedValue } from '../../search/useDebouncedValue';
import { reportSuccess } from '../../shell/feedback';
import {
  actionItems,
  type PaletteItem,
  type PaletteRun,
  paletteSections,
  recentItems,
  recentTimerItems,
  screenItems,
  searchItems,
} from './paletteItems';
import { readRecent } from './useRecentTracker';
import './palette.css';

const DEBOUNCE_MS = 250;
/** Plans and tasks are looked up from two letters on; one letter matches half the workspace. */
const SEARCH_FROM = 2;

/**
 * The command palette (Ctrl/Cmd+K): the screens of the sidebar, recent tasks, requests and plans, the New menu's
 * actions, "Go to plan …" and "Start timer on …" from the global search's answer. A dialog whose input is a
 * combobox over a listbox (cmdk): arrows move, Enter runs the highlighted item, Escape closes.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const ability = useAbility();
  const config = useConfig();
  const personUuid = useCurrentUser().data?.uuid ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timers = useActiveTimers();
  const { start } = useTimerActions();
  const searchTerm = useDebouncedValue(term.trim(), DEBOUNCE_MS);
  const { token } = theme.useToken();
  const colours = {
    '--palette-text': token.colorText,
    '--palette-bg': token.colorBgContainer,
    '--palette-border': token.colorBorder,
    '--palette-primary': token.colorPrimary,
    '--palette-focus': token.controlOutline,
    '--palette-selected': token.controlItemBgActive,
    '--palette-muted': token.colorTextDescription,
  } as CSSProperties;

  // The header search's own query: the same key, so the two share answers.
  const search = useQuery({
    queryKey: ['global-search', searchTerm],
    queryFn: ({ signal }) => api.get<SearchResponse>('/global-search', { query: { search_term: searchTerm }, signal }),
    enabled: open && searchTerm.length >= SEARCH_FROM,
    staleTime: 30_000,
  });

  // Read again each time the palette opens: the tracker wrote to it meanwhile.
  const recent = useMemo(() => (open ? readRecent(personUuid) : []), [open, personUuid]);
  const found = searchItems(ability, searchTerm === term.trim() ? search.data : undefined, term);
  const sections = paletteSections({
    term,
    screens: screenItems(ability, { aiEnabled: config?.ai_enabled ?? false }),
    actions: actionItems(ability),
    recent: recentItems(ability, recent),
    plans: found.plans,
    timers: found.timers,
    recentTimers: recentTimerItems(ability, recent),
  });

  const startTimer = async (run: Extract<PaletteRun, { type: 'timer' }>) => {
    const task = await queryClient.fetchQuery({
      queryKey: taskKey(run.taskUuid),
      queryFn: ({ signal }) => getTask(run.taskUuid, signal),
    });
    // A paused timer on the task resumes; otherwise a new one starts (the server keeps one running at a time).
    const log = timers.data?.find((timer) => timer.task?.uuid === run.taskUuid);
    confirmIfClosed(task.status, () =>
      start.mutate(
        { taskUuid: run.taskUuid, log },
        { onSuccess: () => reportSuccess(`Timer started on ${run.title}`) },
      ),
    );
  };

  const choose = (item: PaletteItem) => {
    onClose();
    setTerm('');
    if (item.run.type === 'navigate') {
      void navigate(item.run.to);
    } else {
      void startTimer(item.run);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Go to"
      footer={null}
      width={560}
      className="command-palette-modal"
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) {
          input.current?.focus();
        }
      }}
    >
      <Command
        label="Go to a screen, a recent item or an action"
        shouldFilter={false}
        loop
        style={colours}
        data-testid="command-palette"
      >
        <Command.Input
          ref={input}
          autoFocus
          value={term}
          onValueChange={setTerm}
          placeholder="Type a screen, a plan, a task or an action"
          className="command-palette-input"
          data-testid="command-palette-input"
        />
        <Command.List className="command-palette-list" label="Results">
          <Command.Empty className="command-palette-empty">
            {search.isFetching ? 'Searching…' : 'Nothing matches'}
          </Command.Empty>
          {sections.map((section) => (
            <Command.Group key={section.key} heading={section.heading} data-testid={`palette-${section.key}`}>
              {section.items.map((item) => (
                <Command.Item
                  key={item.key}
                  value={item.key}
                  onSelect={() => choose(item)}
                  className="command-palette-item"
                  data-testid={`palette-item-${item.key}`}
                >
                  <span className="command-palette-label">{item.label}</span>
                  {item.detail ? <span className="command-palette-detail">{item.detail}</span> : null}
                </Command.Item>
              ))}
            </Command.Group>
          ))}
        </Command.List>
      </Command>
      <p className="command-palette-hint" style={colours} aria-hidden>
        ↑ ↓ to move · Enter to open · Esc to close
      </p>
    </Modal>
  );
}
