/**
 * Conversations of the demo residence: residents writing to the front desk
 * (and the desk writing back), plus one shift handover between concierges.
 * `from: 'desk'` lines are the desk's side. The demo picks the resident of each
 * one with the seeded generator; the desk side is the named login given here.
 */
export interface ConversationScript {
  subject: string;
  /** Login of the desk side (a named demo account or a generated member of staff). */
  desk: string;
  /** Who opens it. */
  opener: 'desk' | 'resident';
  lines: { from: 'desk' | 'resident'; body: string }[];
}

export const CONVERSATION_SCRIPTS: readonly ConversationScript[] = [
  {
    subject: 'Parcel at the front desk',
    desk: 'concierge',
    opener: 'desk',
    lines: [
      {
        from: 'desk',
        body: 'Good afternoon! A parcel from Nordic Post arrived for you; it is waiting at the front desk.',
      },
      { from: 'resident', body: 'Thank you! I will pick it up after work, around 7.' },
      { from: 'desk', body: 'Perfect, the evening shift will have it ready for you.' },
    ],
  },
  {
    subject: 'Water leak under the kitchen sink',
    desk: 'staff',
    opener: 'resident',
    lines: [
      {
        from: 'resident',
        body: 'Hi, water has been dripping under my kitchen sink since this morning. Could someone take a look?',
      },
      {
        from: 'desk',
        body: 'Sorry to hear that. Maintenance can come today between 2 and 4 pm. Will someone be at home?',
      },
      { from: 'resident', body: 'Yes, I work from home today.' },
      { from: 'desk', body: 'Great, the technician will call you from the lobby when he arrives.' },
      { from: 'resident', body: 'All fixed, the seal was loose. Thank you so much!' },
    ],
  },
  {
    subject: 'Guest parking on Saturday',
    desk: 'concierge',
    opener: 'resident',
    lines: [
      {
        from: 'resident',
        body: 'My parents are visiting on Saturday. Can they use a guest space in the underground parking?',
      },
      { from: 'desk', body: 'Of course. Please send me the plate number and I will add it to the gate list.' },
      { from: 'resident', body: 'It is KLM 482, a grey estate car.' },
      { from: 'desk', body: 'Done: the parking gate opens for KLM 482 on Saturday from 9 am to 11 pm.' },
    ],
  },
  {
    subject: 'Music after 11 pm',
    desk: 'concierge2',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'There has been loud music from the floor above after 11 pm two nights in a row.' },
      {
        from: 'desk',
        body: 'Thank you for telling us. I will speak with the neighbours today and remind them of the quiet hours.',
      },
      { from: 'resident', body: 'Appreciated. Last night was much quieter.' },
    ],
  },
  {
    subject: 'Key fob stopped working',
    desk: 'concierge',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'My key fob does not open the entrance door any more.' },
      { from: 'desk', body: 'Please drop by the desk with the fob; re-registering it takes a minute.' },
      { from: 'resident', body: 'I will come down this evening.' },
    ],
  },
  {
    subject: 'Elevator noise in Entrance 2',
    desk: 'concierge2',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'The elevator makes a grinding noise between the 3rd and 4th floors.' },
      {
        from: 'desk',
        body: 'Thanks, I have called the elevator company. A technician is booked for tomorrow morning.',
      },
      { from: 'desk', body: 'Update: the technician replaced a guide roller and the elevator is back to normal.' },
    ],
  },
  {
    subject: 'Bike room access',
    desk: 'concierge',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'Hi! Could I get access to the bike storage room? I have just bought a bike.' },
      { from: 'desk', body: 'Sure, the bike room is now on your fob. Please label the bike with your unit number.' },
      { from: 'resident', body: 'Will do, thanks!' },
    ],
  },
  {
    subject: 'Service elevator for moving in',
    desk: 'concierge',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'We are moving in on Monday. Can we reserve the service elevator from 8 to 12?' },
      {
        from: 'desk',
        body: 'The service elevator is yours on Monday from 8:00 to 12:00. Protective blankets are in the lobby.',
      },
      { from: 'resident', body: 'Great, thank you.' },
      { from: 'desk', body: 'Welcome to Riverside Residence!' },
    ],
  },
  {
    subject: 'Stairs cleaning schedule',
    desk: 'staff',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'When are the stairs cleaned? There is mud everywhere since the rain.' },
      { from: 'desk', body: 'Every Tuesday and Friday morning. I have asked the cleaners to come by today as well.' },
    ],
  },
  {
    subject: 'Keys found in the courtyard',
    desk: 'concierge2',
    opener: 'desk',
    lines: [
      { from: 'desk', body: 'Hello, a set of keys with a blue tag was found in the courtyard. Could they be yours?' },
      { from: 'resident', body: 'Yes! I have been looking everywhere. Coming down now.' },
      { from: 'desk', body: 'They are at the desk. Have a nice evening!' },
    ],
  },
  {
    subject: 'Cold radiator in the bedroom',
    desk: 'staff',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'The radiator in our bedroom stays cold although the others are warm.' },
      { from: 'desk', body: 'Have you tried bleeding it? The key is in the welcome pack.' },
      { from: 'resident', body: 'Tried it, still cold.' },
      { from: 'desk', body: 'Then maintenance will check it tomorrow at 10 am.' },
    ],
  },
  {
    subject: 'Visitor for tomorrow',
    desk: 'concierge',
    opener: 'resident',
    lines: [
      { from: 'resident', body: 'A plumber from AquaFix will come tomorrow around noon. Could you let him in?' },
      { from: 'desk', body: 'Noted. We will call you from the desk when he arrives.' },
      { from: 'resident', body: 'He is running late, around 2 pm now. Sorry!' },
    ],
  },
];

/** The shift handover: between two desk accounts, no resident. */
export const HANDOVER = {
  subject: 'Night shift handover',
  from: 'concierge2',
  lines: [
    'Handover: the parcel for B204 is still at the desk, and the gate list has two guests for tomorrow.',
    'Got it, thanks. The A2 entrance panel rang twice without a visitor; I will keep an eye on it.',
    'Maintenance is aware, they check it in the morning.',
  ],
} as const;
