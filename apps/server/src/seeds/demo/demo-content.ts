// The words and pictures of the demo families' conversations: an open adoption a year in, told as
// the parents and the birth family would write it. Pictures are small SVG drawings, turned into PNG
// files and uploaded as a member would; the video is a file of the repository. So the demo shows them
// without any other server or network.

function svg(title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 480 320" role="img" aria-label="${title}">${body}</svg>`;
}

export const DEMO_PICTURES = {
  lake: svg(
    'Lake at sunset',
    '<rect width="480" height="320" fill="#fbd38d"/><circle cx="240" cy="170" r="70" fill="#f6ad55"/><rect y="190" width="480" height="130" fill="#4a90c2"/><path d="M0 190 L120 110 L220 190 Z" fill="#2f855a"/><path d="M180 190 L320 90 L470 190 Z" fill="#276749"/><rect x="60" y="230" width="360" height="6" rx="3" fill="#bee3f8"/>',
  ),
  cake: svg(
    'Birthday cake',
    '<rect width="480" height="320" fill="#fff5f7"/><rect x="140" y="170" width="200" height="100" rx="12" fill="#f687b3"/><rect x="140" y="150" width="200" height="30" rx="10" fill="#fed7e2"/><rect x="235" y="95" width="10" height="55" fill="#90cdf4"/><path d="M240 70 C252 85 252 95 240 98 C228 95 228 85 240 70 Z" fill="#f6ad55"/><text x="240" y="300" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#97266d">Happy 2nd birthday!</text>',
  ),
  drawing: svg(
    'A child’s drawing of a house',
    '<rect width="480" height="320" fill="#fffff0"/><rect x="150" y="150" width="180" height="120" fill="none" stroke="#e53e3e" stroke-width="6"/><path d="M140 155 L240 70 L340 155" fill="none" stroke="#dd6b20" stroke-width="6"/><rect x="220" y="205" width="40" height="65" fill="none" stroke="#3182ce" stroke-width="5"/><circle cx="400" cy="60" r="30" fill="none" stroke="#d69e2e" stroke-width="6"/><path d="M30 290 L450 290" stroke="#38a169" stroke-width="8"/>',
  ),
  garden: svg(
    'Flowers in the garden',
    '<rect width="480" height="320" fill="#e6fffa"/><rect y="240" width="480" height="80" fill="#68d391"/><g fill="#ed64a6"><circle cx="100" cy="180" r="22"/><circle cx="240" cy="160" r="26"/><circle cx="380" cy="185" r="20"/></g><g stroke="#2f855a" stroke-width="6"><path d="M100 202 V250"/><path d="M240 186 V250"/><path d="M380 205 V250"/></g><g fill="#faf089"><circle cx="100" cy="180" r="8"/><circle cx="240" cy="160" r="9"/><circle cx="380" cy="185" r="7"/></g>',
  ),
};

/** A 4-second clip of a garden (H.264, 7 KB), uploaded to the demo conversation as a member would. */
const DEMO_VIDEO = new URL('../../../../web/public/demo/garden.mp4', import.meta.url);

export type Speaker = 'parent' | 'parent2' | 'birth' | 'birth2';

export interface DemoLine {
  from: Speaker;
  html: string;
  picture?: keyof typeof DEMO_PICTURES;
  video?: URL;
  /** The other side reports this message (e.g. a parent reports an upsetting message). */
  reportedBy?: Speaker;
  reason?: string;
  /** Days after the conversation's first message. */
  day: number;
}

/** The Smith family's conversation with Robin's birth mother: a year of an open adoption. */
export const SMITH_CONVERSATION: DemoLine[] = [
  {
    day: 0,
    from: 'parent',
    html: '<p>Hi Beatrice, this is Pat. Thank you for agreeing to use Bridge Talk with us. We are so glad to have a way to stay in touch.</p>',
  },
  {
    day: 0,
    from: 'birth',
    html: '<p>Hi Pat! Thank you for setting it up. I think about Robin every day. How is everyone settling in?</p>',
  },
  {
    day: 1,
    from: 'parent',
    html: '<p>Robin is sleeping a bit better this week, <strong>almost five hours</strong> last night! We took a walk by the lake on Sunday.</p>',
    picture: 'lake',
  },
  {
    day: 1,
    from: 'birth',
    html: '<p>That view is beautiful. I used to go to a lake like that with my grandmother.</p>',
  },
  {
    day: 3,
    from: 'parent2',
    html: '<p>Hello from Jordan too! We would love to hear about your grandmother sometime, Robin will want to know family stories.</p>',
  },
  {
    day: 3,
    from: 'birth',
    html: '<p>I would like that. She taught me to bake bread. Maybe one day I can teach Robin.</p>',
  },
  {
    day: 14,
    from: 'parent',
    html: '<p>Quick update: the pediatrician says Robin is right on track. 15 lbs 3 oz!</p>',
  },
  { day: 14, from: 'birth', html: '<p>That makes me so happy to hear ❤️</p>' },
  {
    day: 30,
    from: 'birth',
    html: '<p>I started a new job at the library this week. It is quiet and I like it.</p>',
  },
  {
    day: 30,
    from: 'parent2',
    html: '<p>Congratulations! Robin already loves books, especially the ones with animals.</p>',
  },
  {
    day: 45,
    from: 'parent',
    html: '<p>Robin found the flowers in the garden today and would not stop pointing at them.</p>',
    picture: 'garden',
  },
  {
    day: 46,
    from: 'birth',
    html: '<p>Those pink ones are my favorite. Could you send a short video of Robin sometime?</p>',
  },
  { day: 47, from: 'parent', html: '<p>Here is a little clip from the garden.</p>', video: DEMO_VIDEO },
  { day: 47, from: 'birth', html: '<p>I watched it ten times. Thank you.</p>' },
  {
    day: 60,
    from: 'birth',
    html: '<p>I have been having a hard week. Sometimes I feel like I made the wrong choice and I want to come and get Robin back.</p>',
    reportedBy: 'parent',
    reason: 'This worried us; we would like our caseworker to see it.',
  },
  {
    day: 61,
    from: 'parent',
    html: '<p>We hear you, Beatrice. We have asked our caseworker to help us all talk about it together. You are part of Robin’s family.</p>',
  },
  {
    day: 63,
    from: 'birth',
    html: '<p>Thank you for being patient with me. Talking to the counselor helped.</p>',
  },
  {
    day: 90,
    from: 'parent2',
    html: '<p>Robin said something that sounded a lot like “ba” today. We are counting it as a first word.</p>',
  },
  { day: 90, from: 'birth', html: '<p>Ha! Definitely counts.</p>' },
  {
    day: 120,
    from: 'parent',
    html: '<p>Robin made this at daycare. The teacher says it is our house, with the sun.</p>',
    picture: 'drawing',
  },
  {
    day: 121,
    from: 'birth',
    html: '<p>It is perfect. Can I keep a copy? I want to put it on my fridge.</p>',
  },
  { day: 121, from: 'parent', html: '<p>Of course, we will mail you the original.</p>' },
  { day: 200, from: 'birth', html: '<p>The drawing arrived! It is on my fridge now.</p>' },
  {
    day: 360,
    from: 'parent',
    html: '<p>We had Robin’s birthday party on Saturday. We saved you a piece of cake, in spirit at least.</p>',
    picture: 'cake',
  },
  { day: 360, from: 'birth', html: '<p>Happy birthday Robin!!! Two years old. I can’t believe it.</p>' },
  {
    day: 361,
    from: 'parent2',
    html: '<p>Would you like to visit in the spring? The caseworker said we could meet at the park.</p>',
  },
  { day: 362, from: 'birth', html: '<p>Yes, I would love that. <em>Thank you both.</em></p>' },
];

/** The Chen family's channel with the birth father, who later stepped back (his channel is disabled). */
export const CHEN_FATHER_CONVERSATION: DemoLine[] = [
  {
    day: 0,
    from: 'parent',
    html: '<p>Hello Marcus, this is Alex. We wanted to share that Lily started walking this week.</p>',
  },
  { day: 2, from: 'birth', html: '<p>Thanks for letting me know. I am glad she is doing well.</p>' },
  { day: 20, from: 'parent', html: '<p>Here is a photo from our trip to the lake.</p>', picture: 'lake' },
  {
    day: 40,
    from: 'birth',
    html: '<p>Stop sending me these. I told you I need space.</p>',
    reportedBy: 'parent',
    reason: 'Unkind message',
  },
  {
    day: 41,
    from: 'parent',
    html: '<p>Understood, we will give you space. We are here if you want to reach out.</p>',
  },
];

/** The Chen family's channel with the birth mother. */
export const CHEN_MOTHER_CONVERSATION: DemoLine[] = [
  { day: 0, from: 'birth', html: '<p>Hi Alex and Sam, it is Mei. How is Lily?</p>' },
  {
    day: 0,
    from: 'parent',
    html: '<p>Hi Mei! She is wonderful. She loves the stuffed rabbit you gave her.</p>',
  },
  { day: 5, from: 'birth', html: '<p>That was my rabbit when I was little. I am glad she has it.</p>' },
  { day: 5, from: 'parent2', html: '<p>We will tell her that story when she is older.</p>' },
  { day: 33, from: 'parent', html: '<p>Lily’s garden is blooming.</p>', picture: 'garden' },
];

/** The Brooks family (the lawyer's): a short, friendly exchange. */
export const BROOKS_CONVERSATION: DemoLine[] = [
  { day: 0, from: 'parent', html: '<p>Hi Dana, Ethan had his first day of kindergarten today!</p>' },
  { day: 0, from: 'birth', html: '<p>Oh wow, kindergarten already! Was he nervous?</p>' },
  { day: 1, from: 'parent', html: '<p>Not at all. He made a friend named Theo within five minutes.</p>' },
  { day: 1, from: 'birth', html: '<p>That sounds just like him.</p>' },
];

const FILLER = [
  'Good morning! How did everyone sleep?',
  'We went to the library today and picked out three new books.',
  'Thank you for the photos, they made my day.',
  'Noah loves the blue truck you sent.',
  'Busy week at work, but thinking of you all.',
  'Noah ate all of his peas today, a new record.',
  'It rained all day so we built a fort in the living room.',
  'Do you have any baby pictures of yourself? Noah asks what you looked like.',
  'Swimming lessons start next week.',
  'Have a wonderful weekend!',
];

/** The line of message `i` of the very long demo conversation (10 000 messages). */
export function longConversationLine(i: number): { from: Speaker; html: string } {
  return { from: i % 3 === 0 ? 'birth' : 'parent', html: `<p>${FILLER[i % FILLER.length]} (#${i + 1})</p>` };
}
