import { Avatar, Tooltip } from 'antd';
import { initialsOf, type PresentPerson, textColorOn } from './presence';

/** Who else is in the shared document: an avatar per person in their cursor's colour, named on hover. */
export function PresenceAvatars({ people, testId }: { people: PresentPerson[]; testId: string }) {
  if (people.length === 0) {
    return null;
  }
  const names = people.map((p) => p.name).join(', ');
  return (
    <div className="collab-presence" data-testid={testId} title={`Also here: ${names}`}>
      <Avatar.Group max={{ count: 4 }} size="small">
        {people.map((person) => (
          <Tooltip key={person.uuid} title={person.name}>
            <Avatar
              size="small"
              style={{ backgroundColor: person.color, color: textColorOn(person.color) }}
              data-testid={`${testId}-person`}
            >
              {initialsOf(person.name)}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
    </div>
  );
}
