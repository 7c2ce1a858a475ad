import { formatMinutes, matchesCatalogueSearch, type RequestType } from '@portal/domain';
import { Empty, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CatalogueIcon } from './CatalogueIcon';

function estimateLabel(minutes: number | null): string | null {
  if (minutes === null) {
    return null;
  }
  return minutes % 60 === 0 ? `${minutes / 60}h` : formatMinutes(minutes);
}

/**
 * The request-type catalogue (doc 2 §2, §3): a card per service with its picture or icon, name, description and
 * estimate. Disabled types are shown but cannot be chosen.
 */
export function RequestCatalogue({ types, onPick }: { types: RequestType[]; onPick(type: RequestType): void }) {
  const [search, setSearch] = useState('');
  const shown = types.filter((type) => matchesCatalogueSearch(type, search));
  return (
    <div data-testid="request-catalogue">
      <Input.Search
        allowClear
        placeholder="Search services"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="rq-catalogue-search"
        data-testid="request-catalogue-search"
      />
      {shown.length === 0 ? <Empty /> : null}
      <div className="rq-catalogue">
        {shown.map((type) => {
          const estimate = estimateLabel(type.timeEstimated);
          return (
            <button
              key={type.id}
              type="button"
              className={`rq-type-card${type.disabled ? ' rq-type-card-disabled' : ''}`}
              disabled={type.disabled}
              onClick={() => onPick(type)}
              data-testid={`request-type-${type.id}`}
            >
              <span className="rq-type-art">
                {type.imageUrl ? <img src={type.imageUrl} alt="" /> : <CatalogueIcon name={type.icon} />}
              </span>
              <span className="rq-type-name">{type.name}</span>
              {type.description ? (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: 0 }}>
                  {type.description}
                </Typography.Paragraph>
              ) : null}
              <span className="rq-type-meta">
                {estimate ? <Tag>Estimate: {estimate}</Tag> : null}
                {type.disabled ? <Tag>Not available</Tag> : null}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
