// The bodies of the six blog articles, keyed by post id. Each paragraph is one string.
export const blogArticles: Readonly<Record<string, readonly string[]>> = {
  '1': [
    'The first week at day care is a big step for a small person, and often for their parents too. A few tears at the door are completely normal. What helps most is a calm, predictable start that shows your child this new place is safe and that you always come back.',
    'Before the first full day, join us for one or two short visits. Let your child explore the room while you sit nearby, meet their key teacher and find the cubby with their name on it. Familiar faces and places make the first real morning much less strange.',
    'Pack something from home: a small blanket, a soft toy or a family photo. Keep goodbyes short and warm, and make them the same every day: a hug, a wave at the window and a promise about when you will return. Sneaking away can feel easier, but it tends to make children more anxious the next day.',
    'Most children settle within two to three weeks. Our teachers send you a note and a photo during the first days so you can see how your little one is doing. If you have any worries at all, call us: settling in is something we do together.',
  ],
  '2': [
    'Toddlers are famous for changing their minds about food. The good news is that a lunchbox does not need to be fancy to be loved. Small portions, bright colours and familiar favourites go a long way.',
    'Our cooks share five ideas that come home empty: mini wraps rolled with egg and spinach; jollof rice with peas and sweetcorn; pasta shapes with a mild tomato and carrot sauce; plantain slices with beans; and a snack box of banana, pawpaw cubes and a few crackers.',
    'Cut food into bite-sized pieces, and skip whole grapes, nuts and hard sweets, which are choking risks for under-fives. A small water bottle that your child can open alone builds independence and keeps them hydrated in the afternoon heat.',
    'At Sunbeam, children on our plans get three meals a day from our kitchen, so packed lunches are only needed for special outings. Tell us about allergies and preferences when you register and we will plan around them.',
  ],
  '3': [
    'Sticky hands and paint-splashed aprons might not look like learning, but messy play is one of the richest activities in the early years. Squeezing dough, pouring water and smearing paint all strengthen the small muscles children later use to hold a pencil.',
    'Messy play also invites questions. What happens when sand gets wet? Why does blue and yellow make green? Children test ideas, notice changes and describe what they see, building both early science skills and new words.',
    'Many children find sensory play calming. Running fingers through rice or water can help a busy child slow down, and it is a lovely way for shy children to play side by side before they are ready to talk.',
    'At home, you do not need special kits. A tray of water with cups and spoons, a bowl of cooked pasta, or flour and water dough will do. Put down a towel, roll up the sleeves and enjoy the mess together.',
  ],
  '4': [
    'A calm bedtime starts long before the lights go out. Children sleep best when evenings follow the same gentle pattern, so their bodies learn that it is time to wind down.',
    'Try a simple sequence: dinner, bath, pyjamas, teeth, one or two stories, a cuddle and lights out. Keep it to around thirty minutes and do it in the same order every night. Picture cards on the wall can help toddlers follow along and feel in charge.',
    'Turn screens off at least an hour before bed and dim the lights in the house. A warm bath and a quiet song signal that the busy part of the day is over. If your child calls out after lights out, keep your visits short, calm and boring.',
    'Good sleep makes mornings easier for everyone. If your child naps at Sunbeam, we write down how long they slept so you can plan their evening routine around it.',
  ],
  '5': [
    'Ten minutes of reading together each day is one of the best gifts you can give a young child. Stories grow vocabulary, stretch attention and give you a few quiet minutes of closeness in a busy day.',
    'You do not need to read every word. Point to the pictures, ask what might happen next and let your child turn the pages. Silly voices are encouraged. If they want the same book twenty nights in a row, that is fine: repetition is how young children learn language.',
    'Keep books where little hands can reach them, and take one along for waiting rooms and bus rides. Local libraries and book swaps are a lovely way to keep things fresh without spending much.',
    'Our Little Readers class meets every morning, and children often bring home a favourite title to share. Ask your child to tell you the story: you may be surprised how much they remember.',
  ],
  '6': [
    'When the rains arrive and the garden turns to puddles, little ones still need to move, create and play. These are our teachers’ favourite indoor games for wet afternoons.',
    'Build a blanket fort with chairs and cushions and turn it into a reading den. Play musical statues with your child’s favourite songs. Make a treasure hunt with picture clues around the house, or set up a pretend shop with tins from the kitchen and paper money.',
    'For quieter moments, try sorting games with buttons or socks, simple puzzles, or drawing the rain on the window with washable crayons. Keep a box of craft bits, paper, glue sticks and old magazines, ready for a rainy-day collage.',
    'Indoor play does not need to be perfect or expensive. What children remember is the time you spent together, and the fort you built on a stormy afternoon.',
  ],
}
