/**
 * Opening facts said the way people type them: terse fragments and labels, facts inside a task or
 * a question, non-native English, lists and lines, emoji and lower case, lead-ins and trailing
 * clauses. Each case is a turn and the facts a careful reader records from it: a key (exact, or a
 * several-value kind's prefix ending in '.') and a pattern its statement must hold.
 */
export interface OpeningCase {
  say: string;
  learn: [key: string, statement: RegExp][];
}

export const OPENING_CASES: OpeningCase[] = [
  // Terse fragments and labels.
  { say: 'Swim most mornings.', learn: [['user.hobby.', /swim/i]] },
  {
    say: 'Vegetarian. Shellfish allergy.',
    learn: [
      ['user.diet', /vegetarian/i],
      ['user.allergy.', /shellfish/i],
    ],
  },
  { say: 'nurse @ st mary’s, 5 yrs', learn: [['user.occupation', /nurse/i]] },
  { say: 'Based in Porto.', learn: [['user.location', /Porto/]] },
  // A country after the city says where the city is.
  { say: 'I live in Rosario — Argentina, not the one in Spain', learn: [['user.location', /Rosario/]] },
  {
    say: 'Two cats, Miso and Tofu.',
    learn: [
      ['user.pet.', /Miso/],
      ['user.pet.', /Tofu/],
    ],
  },
  { say: 'Lactose intolerant.', learn: [['user.intolerance.', /lactose/i]] },
  { say: 'Backend dev at a logistics startup.', learn: [['user.occupation', /backend dev/i]] },
  {
    say: 'Teacher. Live in Cork.',
    learn: [
      ['user.occupation', /teacher/i],
      ['user.location', /Cork/],
    ],
  },
  {
    say: 'Home: Tallinn. Job: UX researcher.',
    learn: [
      ['user.location', /Tallinn/],
      ['user.occupation', /UX researcher/i],
    ],
  },
  { say: 'Manager - Priya Shah', learn: [['user.manager', /Priya Shah/]] },
  {
    say: 'Allergies: peanuts, kiwi',
    learn: [
      ['user.allergy.', /peanuts/i],
      ['user.allergy.', /kiwi/i],
    ],
  },
  { say: 'Diet: pescatarian', learn: [['user.diet', /pescatarian/i]] },
  { say: 'Pets: a rabbit called Bun', learn: [['user.pet.', /Bun/]] },
  {
    say: 'Languages: Dutch, English',
    learn: [
      ['user.language.', /Dutch/],
      ['user.language.', /English/],
    ],
  },
  { say: 'Climb on weekends, mostly indoors.', learn: [['user.hobby.', /climb/i]] },
  { say: 'Coeliac, so no gluten.', learn: [['user.', /coeliac|celiac|gluten/i]] },
  {
    say: 'Data scientist, Berlin.',
    learn: [
      ['user.occupation', /data scientist/i],
      ['user.location', /Berlin/],
    ],
  },
  { say: 'Knit in the evenings.', learn: [['user.hobby.', /knit/i]] },
  // Facts inside a task or a question.
  {
    say: "Could you help me write a cover letter? I'm a pharmacist in Leeds with 8 years of experience.",
    learn: [
      ['user.occupation', /pharmacist/i],
      ['user.location', /Leeds/],
    ],
  },
  {
    say: "Need a packing list for a weekend away - I live in Oslo and I'm vegan",
    learn: [
      ['user.location', /Oslo/],
      ['user.diet', /vegan/i],
    ],
  },
  { say: "I'm lactose intolerant, can you suggest some breakfasts?", learn: [['user.intolerance.', /lactose/i]] },
  { say: 'Can you draft a note to my boss Karen saying I will be late?', learn: [['user.manager', /Karen/]] },
  { say: 'What should I get my wife Sofia for her birthday? She loves gardening.', learn: [['user.partner', /Sofia/]] },
  { say: 'As a primary school teacher in Bristol, how do I handle parents evening?', learn: [['user.occupation', /teacher/i]] },
  {
    say: 'Suggest a weekly meal plan, I am diabetic and my husband Tom does not eat pork',
    learn: [
      ['user.condition.', /diabet/i],
      ['user.partner', /Tom/],
    ],
  },
  { say: "help me plan a party for my son Eli, he's turning 5", learn: [['user.child.', /Eli/]] },
  {
    say: 'Write a short bio for me: I am a data engineer at Spotify and I play bass in a band.',
    learn: [
      ['user.occupation', /data engineer/i],
      ['user.employer', /Spotify/],
      ['user.instrument.', /bass/i],
    ],
  },
  {
    say: "Any easy dinner ideas? I'm a nurse on night shifts and I live alone in Derby.",
    learn: [
      ['user.occupation', /nurse/i],
      ['user.location', /Derby/],
    ],
  },
  { say: 'Quick one - I run a bakery in Galway, how do I price wedding cakes?', learn: [['user.', /bakery/i]] },
  { say: 'Recommend me a novel, I love historical fiction', learn: [['user.likes.', /historical fiction/i]] },
  // Non-native English.
  { say: 'I am working in bank since 2019 as analyst', learn: [['user.occupation', /analyst/i]] },
  { say: 'my wife she is teacher', learn: [['user.family.wife.', /teacher/i]] },
  { say: 'I am living in Madrid from three years', learn: [['user.location', /Madrid/]] },
  { say: 'My husband name is Ahmed', learn: [['user.partner', /Ahmed/]] },
  { say: 'I am vegetarian from childhood', learn: [['user.diet', /vegetarian/i]] },
  { say: 'I am allergic for penicillin', learn: [['user.allergy.', /penicillin/i]] },
  { say: 'I work like nurse in hospital', learn: [['user.occupation', /nurse/i]] },
  { say: 'I have one dog, his name is Rocky', learn: [['user.pet.', /Rocky/]] },
  { say: 'In my free time I am making pottery', learn: [['user.hobby.', /pottery/i]] },
  {
    say: 'I am engineer in Siemens',
    learn: [
      ['user.occupation', /engineer/i],
      ['user.employer', /Siemens/],
    ],
  },
  { say: 'My daughter name is Leila and she have 6 years', learn: [['user.child.', /Leila/]] },
  // Lists and lines.
  {
    say: '- three kids\n- cat: Soot',
    learn: [
      ['user.children', /three/],
      ['user.pet.', /Soot/],
    ],
  },
  {
    say: '• live in Ghent\n• work at Barco\n• vegan',
    learn: [
      ['user.location', /Ghent/],
      ['user.employer', /Barco/],
      ['user.diet', /vegan/i],
    ],
  },
  {
    say: 'About me:\n- software tester\n- from Poland, living in Dublin\n- cycling, chess',
    learn: [
      ['user.occupation', /software tester/i],
      ['user.origin', /Poland/],
      ['user.location', /Dublin/],
    ],
  },
  {
    say: 'Quick facts: 34, accountant, Leeds',
    learn: [
      ['user.age', /34/],
      ['user.occupation', /accountant/i],
      ['user.location', /Leeds/],
    ],
  },
  {
    say: "1. I live in Krakow\n2. I'm a physio\n3. I have a cat named Luna",
    learn: [
      ['user.location', /Krakow/],
      ['user.occupation', /physio/i],
      ['user.pet.', /Luna/],
    ],
  },
  {
    say: 'Some context:\n* partner: Sam\n* dog: Biscuit (beagle)',
    learn: [
      ['user.partner', /Sam/],
      ['user.pet.', /Biscuit/],
    ],
  },
  // Emoji, lower case, no punctuation.
  { say: 'just moved to lisbon 🇵🇹 loving it', learn: [['user.location', /Lisbon/]] },
  { say: 'im a barista lol', learn: [['user.occupation', /barista/i]] },
  { say: 'got a new puppy 🐶 her name is bella', learn: [['user.pet.', /Bella/]] },
  { say: 'vegan since 2020 🌱', learn: [['user.diet', /vegan/i]] },
  {
    say: 'i work at deloitte as an auditor',
    learn: [
      ['user.employer', /Deloitte/i],
      ['user.occupation', /auditor/i],
    ],
  },
  {
    say: 'my gf is called maria and we live in seville',
    learn: [
      ['user.partner', /Maria/],
      ['user.location', /Seville/],
    ],
  },
  { say: 'i do crossfit 4x a week 💪', learn: [['user.hobby.', /crossfit/i]] },
  { say: 'allergic to cats 😿', learn: [['user.allergy.', /cats/i]] },
  { say: 'work from home, 2 kids, a dog called ziggy', learn: [['user.pet.', /Ziggy/]] },
  { say: 'i code in rust mostly', learn: [['user.programming_language.', /rust/i]] },
  // Lead-ins and trailing clauses.
  { say: "Believe it or not, I've been a firefighter for twelve years, mostly night shifts", learn: [['user.occupation', /firefighter/i]] },
  { say: 'Long story, but I ended up living in Aberdeen, which I never expected', learn: [['user.location', /Aberdeen/]] },
  { say: "As it happens, I'm a paramedic, so blood doesn't bother me", learn: [['user.occupation', /paramedic/i]] },
  { say: 'Honestly I play the violin, though not very well', learn: [['user.instrument.', /violin/i]] },
  { say: "For what it's worth, I'm married to a chef named Luis", learn: [['user.partner', /Luis/]] },
  { say: "I've been doing karate since I was a kid, black belt now", learn: [['user.hobby.', /karate/i]] },
  {
    say: "My partner, Jules, works in marketing, and we've got a greyhound called Dash",
    learn: [
      ['user.partner', /Jules/],
      ['user.pet.', /Dash/],
    ],
  },
  { say: "Been using Neovim for ages, can't go back", learn: [['user.tool.', /Neovim/]] },
  { say: "I've lived in Nairobi my whole life, love it here", learn: [['user.location', /Nairobi/]] },
  { say: "So yeah I'm a midwife, nights mostly", learn: [['user.occupation', /midwife/i]] },
  { say: 'Oh and by the way my manager is Oluwaseun, she is great', learn: [['user.manager', /Oluwaseun/]] },
  // Tastes, plans, tools, family.
  { say: 'Big fan of Studio Ghibli films', learn: [['user.likes.', /Ghibli/]] },
  { say: "I'm heading to Japan in April for two weeks", learn: [['user.plan.', /Japan/]] },
  { say: 'I use Obsidian for all my notes', learn: [['user.tool.', /Obsidian/]] },
  { say: "I've got a sister, Nina, who lives in Berlin", learn: [['user.family.', /Nina/]] },
  { say: "I'm training for the Berlin marathon in September", learn: [['user.goal.', /marathon/i]] },
  { say: 'Gluten-free for medical reasons.', learn: [['user.', /gluten/i]] },
  { say: "Work's a hospital, I'm an ICU nurse", learn: [['user.occupation', /ICU nurse/i]] },
  { say: 'We have a toddler, Maya, who is 2', learn: [['user.child.', /Maya/]] },
  { say: 'I speak Portuguese and a bit of French', learn: [['user.language.', /Portuguese/]] },
  { say: 'Mostly drink oat flat whites', learn: [['user.drink.', /flat white/i]] },
  // Notes written with "=" or a label, a relation word and a name without "my", a name then what they are like.
  { say: 'husband = Piet', learn: [['user.partner', /Piet/]] },
  {
    say: 'home stuff: partner = Lior. cat = Pixel',
    learn: [
      ['user.partner', /Lior/],
      ['user.pet.', /Pixel/],
    ],
  },
  {
    say: '3 cats: Tiger (very fat) and Smudge (shy)',
    learn: [
      ['user.pet.', /Tiger/],
      ['user.pet.', /Smudge/],
    ],
  },
  { say: 'rabbit: Clover, grey, bites cables', learn: [['user.pet.clover', /Clover/]] },
  { say: 'my companion = Ines, together 9 yrs', learn: [['user.partner', /Ines/]] },
  { say: 'girlfriend Odile, she is dentist', learn: [['user.partner', /Odile/]] },
  { say: 'son Mateo, he is 4', learn: [['user.child.', /Mateo/]] },
  { say: 'at home a parrot Kiwi', learn: [['user.pet.', /Kiwi/]] },
  { say: 'job stuff: supervisor is Grace Obi, strict but fair', learn: [['user.manager', /^The user's manager is Grace Obi$/]] },
  { say: 'foreman: Big Tony', learn: [['user.manager', /Tony/]] },
  { say: 'boss name Marisol Vega', learn: [['user.manager', /Marisol Vega/]] },
  // Introductions that open with a name and an age, homes said without "in", a company one has "been with".
  {
    say: 'Rosa, 52, baker, live Tarragona side',
    learn: [
      ['user.name', /Rosa/],
      ['user.age', /52/],
      ['user.occupation', /baker/i],
      ['user.location', /^The user lives in Tarragona$/],
    ],
  },
  { say: 'we stay Arusha since 2018', learn: [['user.location', /Arusha/]] },
  { say: 'living Poznań, Jeżyce district', learn: [['user.location', /^The user lives in Poznań$/]] },
  { say: 'hello! here in Valparaíso, Cerro Alegre side. taxi driver', learn: [['user.location', /Valparaíso/]] },
  {
    say: 'mechanic, been with Kowalski Motors 12 years',
    learn: [
      ['user.occupation', /mechanic/],
      ['user.employer', /Kowalski Motors/],
    ],
  },
  { say: "I've been with Sunrise Catering for six years", learn: [['user.employer', /Sunrise Catering/]] },
  // Weekly pastimes under a day's label or before the activity, health and hobby labels with when after them.
  { say: 'friday evenings = darts with my cousins', learn: [['user.hobby.', /darts/]] },
  { say: 'sundays fishing on the river Tay, 6 am', learn: [['user.hobby.', /fishing/]] },
  { say: 'hobby: choir in the cathedral, mondays and thursdays', learn: [['user.hobby.choir', /^The user's hobby is choir in the cathedral$/]] },
  { say: 'health: coeliac, bread = enemy', learn: [['user.condition.', /coeliac/]] },
  { say: 'Health: gout', learn: [['user.condition.', /^The user has gout$/]] },
  { say: 'dog: Bruno (boxer), kids love him', learn: [['user.pet.bruno', /Bruno/]] },
  // Plans, tools, diets and allergies as notes and fragments.
  { say: 'next year plan: open a bakery in Tartu, the bank said maybe', learn: [['user.plan.', /^The user plans to open a bakery in Tartu$/]] },
  { say: 'plan: june we visit my brother in Perth', learn: [['user.plan.', /visit their brother in Perth/]] },
  { say: 'all my invoices I do in Xero', learn: [['user.tool.xero', /^The user uses Xero for all their invoices$/]] },
  { say: 'I track my runs on Strava', learn: [['user.tool.strava', /Strava/]] },
  { say: 'these days I try keto', learn: [['user.diet', /keto/]] },
  { say: 'sesame allergy since I was small', learn: [['user.allergy.', /sesame/]] },
  // Drinks, businesses, glossed jobs and pronoun doubling; what is someone else's stays theirs.
  { say: 'tea: always Yorkshire, two sugars', learn: [['user.drink.', /^The user drinks Yorkshire tea$/]] },
  { say: "own little shop 'Zielony Kącik', 9 years", learn: [['user.employer', /Zielony Kącik/]] },
  {
    say: 'I run a tailoring shop in Accra',
    learn: [
      ['user.employer', /tailoring shop/],
      ['user.location', /Accra/],
    ],
  },
  { say: 'fundi = mechanic, mostly matatus', learn: [['user.occupation', /^The user is a mechanic$/]] },
  { say: 'me I prefer green tea', learn: [['user.', /green tea/]] },
  { say: 'my flat in Vilnius, old town', learn: [['user.location', /Vilnius/]] },
  {
    say: 'we live in Rijeka, me and my husband Ivo',
    learn: [
      ['user.location', /Rijeka/],
      ['user.partner', /Ivo/],
    ],
  },
  { say: 'mum: retired nurse', learn: [['user.family.', /mum is a retired nurse/]] },
  { say: 'brother = electrician', learn: [['user.family.brother.occupation', /electrician/]] },
  { say: 'car: Dacia Logan, 2015, still runs', learn: [['user.vehicle.', /^The user drives a Dacia Logan$/]] },
  { say: 'machinist at Scania factory, 11 years', learn: [['user.employer', /^The user works at Scania$/]] },
  { say: 'I am married with Dalia', learn: [['user.partner', /Dalia/]] },
  // A trade and a firm of one's own: the trade stays the job, the firm is where the user works.
  {
    say: 'Mark. 58. electrician, own firm. York.',
    learn: [
      ['user.occupation', /^The user is an electrician$/],
      ['user.employer', /^The user runs a firm$/],
    ],
  },
  // A heading that tells the assistant what follows is the user's own context, then a list.
  {
    say: 'job things, so you know later:\n- my boss is Marta Kovač\n- CI = CircleCI',
    learn: [
      ['user.manager', /Marta/],
      ['user.tool.', /CircleCI/],
    ],
  },
  {
    say: 'home stuff for reference:\n- partner = Noor\n- vegetarian',
    learn: [
      ['user.partner', /Noor/],
      ['user.diet', /vegetarian/],
    ],
  },
  // Work kept in a product, said without "I".
  {
    say: 'Designs in Figma, tickets in Linear, docs in Confluence.',
    learn: [
      ['user.tool.', /Figma/],
      ['user.tool.', /Linear/],
      ['user.tool.', /Confluence/],
    ],
  },
  { say: 'My analysis is all in Stata', learn: [['user.tool.stata', /^The user uses Stata for analysis$/]] },
  { say: 'all my drafts sit in Scrivener', learn: [['user.tool.scrivener', /Scrivener/]] },
  {
    say: 'tools: Python + dbt on Snowflake',
    learn: [
      ['user.tool.python', /Python/],
      ['user.tool.snowflake', /Snowflake/],
    ],
  },
  { say: 'stack btw: Django / Redis', learn: [['user.tool.redis', /Redis/]] },
  // An aside in brackets or between dashes leaves the sentence it interrupts whole.
  { say: 'I swim (badly) three mornings a week at the lido', learn: [['user.hobby.', /swim/]] },
  {
    say: "I'm a nurse — paediatrics, nights mostly — at Ninewells in Dundee.",
    learn: [
      ['user.occupation', /^The user is a nurse$/],
      ['user.employer', /Ninewells/],
      ['user.location', /Dundee/],
    ],
  },
  // A first name, a comma, then what the user does and where.
  {
    say: 'Grace, structural engineer at Arup in Leeds.',
    learn: [
      ['user.name', /Grace/],
      ['user.occupation', /structural engineer/],
      ['user.employer', /Arup/],
    ],
  },
  { say: 'Kofi, 33, market research at Kantar Group', learn: [['user.employer', /^The user works at Kantar Group$/]] },
  { say: 'Priya here — payroll at Grantham Foods.', learn: [['user.employer', /^The user works at Grantham Foods$/]] },
  {
    say: "I'm a researcher in the Lindqvist group at the Karolinska Institute",
    learn: [
      ['user.occupation', /researcher/],
      ['user.team', /Lindqvist group/],
      ['user.employer', /Karolinska/],
    ],
  },
  {
    say: 'I teach maths at Hillcrest Academy in Bolton',
    learn: [
      ['user.occupation', /^The user is a maths teacher$/],
      ['user.employer', /Hillcrest Academy/],
      ['user.location', /Bolton/],
    ],
  },
  { say: 'I teach piano at Riverside Music School', learn: [['user.employer', /Riverside Music School/]] },
  { say: 'Selam 👋 I work at Ethio Telecom in Addis Ababa', learn: [['user.employer', /Ethio Telecom/]] },
  // Someone of the user's named by how they are related, before what they do; engaged to someone.
  { say: 'weekends are hectic, husband Omar thinks I work too much', learn: [['user.partner', /Omar/]] },
  { say: 'engaged to Priyanka, wedding next spring', learn: [['user.partner', /^The user is engaged to Priyanka$/]] },
  { say: "I'm engaged to Tomás", learn: [['user.partner', /Tomás/]] },
  { say: 'my lead is Dagny, very hands-off', learn: [['user.manager', /Dagny/]] },
  // A time of the week, then what the user does in it.
  { say: 'Fridays I quilt with my neighbours', learn: [['user.', /^The user quilts with their neighbours on fridays$/i]] },
  { say: 'Saturdays I go climbing at the quarry', learn: [['user.hobby.', /climbing at the quarry on saturdays/i]] },
  { say: 'Thursday nights is pub quiz with my brothers, sacred', learn: [['user.hobby.', /pub quiz/]] },
  // How much of it, before the pastime under a time label.
  { say: 'Evenings: one game of backgammon online, always on the same site.', learn: [['user.hobby.', /backgammon/]] },
  { say: 'sundays = a couple of rounds of disc golf', learn: [['user.hobby.', /^The user's hobby is disc golf$/]] },
  { say: 'Weekends: a bit of woodworking in the shed', learn: [['user.hobby.', /woodworking/]] },
  { say: 'outside the office: sailing with my uncle on the Solent at 6:00', learn: [['user.hobby.sailing', /sailing/]] },
  { say: 'hobby: salsa dancing with a group from work on Friday evenings', learn: [['user.hobby.', /salsa/]] },
  { say: 'evenings: bridge club twice a month, we are six', learn: [['user.hobby.bridge_club', /^The user's hobby is bridge club$/]] },
  // A home label with the dwelling, pets counted with ages and descriptions.
  {
    say: 'home: a tiny flat in Leith with my girlfriend Isla',
    learn: [
      ['user.location', /^The user lives in Leith$/],
      ['user.partner', /Isla/],
    ],
  },
  { say: 'I live in a two-bed house in Didsbury', learn: [['user.location', /^The user lives in a two-bed house in Didsbury$/]] },
  {
    say: 'two dogs: Rolo, 9, the old man, and Pip, 2',
    learn: [
      ['user.pet.rolo', /Rolo/],
      ['user.pet.pip', /Pip/],
    ],
  },
  { say: 'Also gradually learning Swahili on my commute', learn: [['user.learning.', /Swahili/]] },
  { say: "I share a flat with my brother and my old tabby Figaro who thinks he's the landlord", learn: [['user.pet.figaro', /Figaro/]] },
  { say: 'My project: flood-risk maps for the council.', learn: [['user.project.', /flood-risk maps/]] },
  // A project by its name; a condition and what follows from it.
  { say: "I'm on the 'atlas' project at work", learn: [['user.project.', /atlas/]] },
  { say: "I'm diabetic so no sugar in anything", learn: [['user.condition.', /diabetic/]] },
];
