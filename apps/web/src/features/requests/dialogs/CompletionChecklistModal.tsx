import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { type CompletionCheckResult, MESSAGES } from '@portal/domain';
import { Button, List, Modal } from 'antd';

/**
 * The completion checklist dialog (doc 2 §4): each check as pass or fail; 'Complete anyway' completes without the
 * checks, 'Go back and edit' leaves the status as it was.
 */
export function CompletionChecklistModal({
  checks,
  completing,
  onCompleteAnyway,
  onBack,
}: {
  checks: CompletionCheckResult[];
  completing: boolean;
  onCompleteAnyway(): void;
  onBack(): void;
}) {
  return (
    <Modal
      open
      title={<span data-testid="checklist-title">{MESSAGES.checklistTitle}</span>}
      onCancel={onBack}
      destroyOnHidden
      data-testid="checklist-modal"
      footer={[
        <Button key="back" onClick={onBack} data-testid="checklist-back">
          Go back and edit
        </Button>,
        <Button
          key="complete"
          type="primary"
          danger
          loading={completing}
          onClick={onCompleteAnyway}
          data-testid="checklist-complete-anyway"
        >
          Complete anyway
        </Button>,
      ]}
    >
      <List<CompletionCheckResult>
        size="small"
        dataSource={checks}
        renderItem={(check) => (
          <List.Item data-testid="checklist-item" data-passed={check.passed ? 'pass' : 'fail'}>
            <span>
              {check.passed ? (
                <CheckCircleFilled style={{ color: '#52c41a', marginRight: 8 }} aria-label="pass" />
              ) : (
                <CloseCircleFilled style={{ color: '#f5222d', marginRight: 8 }} aria-label="fail" />
              )}
              {check.label}
            </span>
            <span data-testid="checklist-result">{check.passed ? 'Pass' : 'Fail'}</span>
          </List.Item>
        )}
      />
    </Modal>
  );
}
