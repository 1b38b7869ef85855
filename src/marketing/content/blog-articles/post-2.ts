// The body of blog post 2: one string per paragraph.
export const paragraphs: readonly string[] = [
  'Toddlers are famous for changing their minds about food. The good news is that a lunchbox does not need to be fancy to be loved. Small portions, bright colours and familiar favourites go a long way.',
  'Our cooks share five ideas that come home empty: mini wraps rolled with egg and spinach; jollof rice with peas and sweetcorn; pasta shapes with a mild tomato and carrot sauce; plantain slices with beans; and a snack box of banana, pawpaw cubes and a few crackers.',
  'Cut food into bite-sized pieces, and skip whole grapes, nuts and hard sweets, which are choking risks for under-fives. A small water bottle that your child can open alone builds independence and keeps them hydrated in the afternoon heat.',
  'At Sunbeam, children on our plans get three meals a day from our kitchen, so packed lunches are only needed for special outings. Tell us about allergies and preferences when you register and we will plan around them.',
]
