import { Typography } from 'antd';
import { LegalPage } from './LegalPage';

const { Title, Paragraph } = Typography;

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="1 January 2026">
      <Paragraph>
        Agency Portal is the workspace in which our agency, its freelancers and its clients plan work, submit and follow
        requests, manage tasks and record time. By signing in you agree to these terms.
      </Paragraph>
      <Title level={2}>Accounts</Title>
      <Paragraph>
        Accounts are personal. Keep your password to yourself and tell us at once if you think someone else has used
        your account. We may suspend an account that is misused or that puts other users' data at risk.
      </Paragraph>
      <Title level={2}>Your content</Title>
      <Paragraph>
        Briefs, comments, files and other material you add remain yours or your organisation's. You allow us to store
        and process them only as needed to deliver the services agreed with your organisation. Do not upload material
        you have no right to share.
      </Paragraph>
      <Title level={2}>Acceptable use</Title>
      <Paragraph>
        Do not try to reach data that is not meant for you, interfere with the service, or use it to send unsolicited
        messages. Automated access needs our written agreement.
      </Paragraph>
      <Title level={2}>Availability</Title>
      <Paragraph>
        We work to keep the portal available and announce planned maintenance where we can. The portal is provided as
        part of the services agreed with your organisation; those agreements prevail over these terms.
      </Paragraph>
      <Title level={2}>Changes and contact</Title>
      <Paragraph>
        We may update these terms and will show the date of the latest change above. Questions can be sent to your
        account manager.
      </Paragraph>
    </LegalPage>
  );
}
