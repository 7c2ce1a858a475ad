import { Button, type ButtonProps, Popconfirm } from 'antd';

/** A button that asks the spec's confirmation question first ('Do you want to …?'). */
export function ConfirmButton({
  question,
  onConfirm,
  testId,
  children,
  ...button
}: { question: string; onConfirm: () => void; testId: string } & ButtonProps) {
  return (
    <Popconfirm
      title={question}
      okText="Yes"
      cancelText="No"
      onConfirm={onConfirm}
      okButtonProps={{ 'data-testid': `${testId}-confirm` } as ButtonProps}
    >
      <Button data-testid={testId} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}
