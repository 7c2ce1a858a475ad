import { Typography } from 'antd';
import { LegalPage } from './LegalPage';

const { Title, Paragraph } = Typography;

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="1 January 2026">
      <Paragraph>
        This policy explains which personal data Agency Portal keeps, why, and what you can ask of us.
      </Paragraph>
      <Title level={2}>What we collect</Title>
      <Paragraph>
        Your name, e-mail address, phone number and job title; the requests, comments, files and time entries you
        create; your notification preferences; and technical data such as sign-in times and, if you allow them, browser
        push tokens.
      </Paragraph>
      <Title level={2}>Why we use it</Title>
      <Paragraph>
        To run the projects agreed with your organisation, to notify you about work that concerns you by e-mail, SMS or
        push as you choose, to keep the service secure, and to report time to the clients it was spent for.
      </Paragraph>
      <Title level={2}>Who sees it</Title>
      <Paragraph>
        Agency staff and freelancers working on your projects, and the people of your organisation who use the portal.
        We use hosting, e-mail and messaging providers bound by data-processing agreements. We do not sell personal
        data.
      </Paragraph>
      <Title level={2}>How long we keep it</Title>
      <Paragraph>
        For as long as your organisation works with us, and afterwards only as long as accounting or legal duties
        require.
      </Paragraph>
      <Title level={2}>Your rights</Title>
      <Paragraph>
        You may ask for a copy of your data, its correction or its deletion, and you can change your notification
        channels in your profile at any time. Contact your account manager to make a request.
      </Paragraph>
    </LegalPage>
  );
}
