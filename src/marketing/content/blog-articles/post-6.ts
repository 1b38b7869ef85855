// The body of blog post 6: one string per paragraph.
export const paragraphs: readonly string[] = [
  'When the rains arrive and the garden turns to puddles, little ones still need to move, create and play. These are our teachers’ favourite indoor games for wet afternoons.',
  'Build a blanket fort with chairs and cushions and turn it into a reading den. Play musical statues with your child’s favourite songs. Make a treasure hunt with picture clues around the house, or set up a pretend shop with tins from the kitchen and paper money.',
  'For quieter moments, try sorting games with buttons or socks, simple puzzles, or drawing the rain on the window with washable crayons. Keep a box of craft bits, paper, glue sticks and old magazines, ready for a rainy-day collage.',
  'Indoor play does not need to be perfect or expensive. What children remember is the time you spent together, and the fort you built on a stormy afternoon.',
]
