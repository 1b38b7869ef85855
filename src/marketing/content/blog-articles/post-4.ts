// The body of blog post 4: one string per paragraph.
export const paragraphs: readonly string[] = [
  'A calm bedtime starts long before the lights go out. Children sleep best when evenings follow the same gentle pattern, so their bodies learn that it is time to wind down.',
  'Try a simple sequence: dinner, bath, pyjamas, teeth, one or two stories, a cuddle and lights out. Keep it to around thirty minutes and do it in the same order every night. Picture cards on the wall can help toddlers follow along and feel in charge.',
  'Turn screens off at least an hour before bed and dim the lights in the house. A warm bath and a quiet song signal that the busy part of the day is over. If your child calls out after lights out, keep your visits short, calm and boring.',
  'Good sleep makes mornings easier for everyone. If your child naps at Sunbeam, we write down how long they slept so you can plan their evening routine around it.',
]
