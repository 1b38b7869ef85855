// The body of blog post 3: one string per paragraph.
export const paragraphs: readonly string[] = [
  'Sticky hands and paint-splashed aprons might not look like learning, but messy play is one of the richest activities in the early years. Squeezing dough, pouring water and smearing paint all strengthen the small muscles children later use to hold a pencil.',
  'Messy play also invites questions. What happens when sand gets wet? Why does blue and yellow make green? Children test ideas, notice changes and describe what they see, building both early science skills and new words.',
  'Many children find sensory play calming. Running fingers through rice or water can help a busy child slow down, and it is a lovely way for shy children to play side by side before they are ready to talk.',
  'At home, you do not need special kits. A tray of water with cups and spoons, a bowl of cooked pasta, or flour and water dough will do. Put down a towel, roll up the sleeves and enjoy the mess together.',
]
