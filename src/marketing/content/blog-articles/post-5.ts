// The body of blog post 5: one string per paragraph.
export const paragraphs: readonly string[] = [
  'Ten minutes of reading together each day is one of the best gifts you can give a young child. Stories grow vocabulary, stretch attention and give you a few quiet minutes of closeness in a busy day.',
  'You do not need to read every word. Point to the pictures, ask what might happen next and let your child turn the pages. Silly voices are encouraged. If they want the same book twenty nights in a row, that is fine: repetition is how young children learn language.',
  'Keep books where little hands can reach them, and take one along for waiting rooms and bus rides. Local libraries and book swaps are a lovely way to keep things fresh without spending much.',
  'Our Little Readers class meets every morning, and children often bring home a favourite title to share. Ask your child to tell you the story: you may be surprised how much they remember.',
]
