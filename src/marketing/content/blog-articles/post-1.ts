// The body of blog post 1: one string per paragraph.
export const paragraphs: readonly string[] = [
  'The first week at day care is a big step for a small person, and often for their parents too. A few tears at the door are completely normal. What helps most is a calm, predictable start that shows your child this new place is safe and that you always come back.',
  'Before the first full day, join us for one or two short visits. Let your child explore the room while you sit nearby, meet their key teacher and find the cubby with their name on it. Familiar faces and places make the first real morning much less strange.',
  'Pack something from home: a small blanket, a soft toy or a family photo. Keep goodbyes short and warm, and make them the same every day: a hug, a wave at the window and a promise about when you will return. Sneaking away can feel easier, but it tends to make children more anxious the next day.',
  'Most children settle within two to three weeks. Our teachers send you a note and a photo during the first days so you can see how your little one is doing. If you have any worries at all, call us: settling in is something we do together.',
]
