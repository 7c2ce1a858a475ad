import { Modal } from 'antd';

/** A log on a completed or cancelled task asks first (doc 2 §4); other tasks go straight on. */
export function confirmIfClosed(status: string, proceed: () => void): void {
  if (status !== 'completed' && status !== 'cancelled') {
    proceed();
    return;
  }
  Modal.confirm({
    title: `This task is ${status}. Do you want to log time on it anyway?`,
    okText: 'Yes',
    cancelText: 'No',
    okButtonProps: { 'data-testid': 'closed-task-confirm' } as never,
    onOk: proceed,
  });
}
