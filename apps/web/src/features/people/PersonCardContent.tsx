import { CopyOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { initials } from '../../layout/initials';
import { reportError, reportSuccess } from '../../shell/feedback';
import { getPersonCard, PERSON_CARD_KEY } from './api';

function copyEmail(email: string) {
  navigator.clipboard.writeText(email).then(
    () => reportSuccess(MESSAGES.linkCopied),
    (error: unknown) => reportError(error),
  );
}

/** What the popover shows (doc 2 §2: avatar, name, job title, phone, e-mail with copy), loaded when it opens. */
export function PersonCardContent({ uuid, name }: { uuid: string; name: string }) {
  const { data, isPending, isError } = useQuery({
    queryKey: [...PERSON_CARD_KEY, uuid],
    queryFn: ({ signal }) => getPersonCard(uuid, signal),
    staleTime: 60_000,
  });
  const shownName = data?.name ?? name;
  return (
    <div className="person-popover-body">
      <div className="person-popover-head">
        <Avatar size={44} aria-hidden>
          {initials(shownName)}
        </Avatar>
        <div>
          <Typography.Text strong data-testid="person-popover-name">
            {shownName}
          </Typography.Text>
          {data?.job_title ? (
            <div>
              <Typography.Text type="secondary" data-testid="person-popover-job-title">
                {data.job_title}
              </Typography.Text>
            </div>
          ) : null}
          {data?.status === 'inactive' ? <Tag>Inactive</Tag> : null}
        </div>
      </div>
      {isPending ? <Spin size="small" /> : null}
      {isError ? <Typography.Text type="danger">Could not load this person's details.</Typography.Text> : null}
      {data ? (
        <div className="person-popover-lines">
          {data.phone ? (
            <div>
              <PhoneOutlined aria-hidden /> <a href={`tel:${data.phone}`}>{data.phone}</a>
            </div>
          ) : null}
          {data.email ? (
            <div>
              <MailOutlined aria-hidden />{' '}
              <a href={`mailto:${data.email}`} data-testid="person-popover-email">
                {data.email}
              </a>{' '}
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label={`Copy ${data.email}`}
                data-testid="person-popover-copy-email"
                onClick={() => copyEmail(data.email ?? '')}
              />
            </div>
          ) : null}
          {!data.phone && !data.email ? (
            <Typography.Text type="secondary">No phone or e-mail to show.</Typography.Text>
          ) : null}
          {data.profile_url ? (
            <Link to={data.profile_url} data-testid="person-popover-profile">
              View profile
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
