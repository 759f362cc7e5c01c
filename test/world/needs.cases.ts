/**
 * Questions that need a fact about the user without naming its kind ("who do I send my timesheet
 * to" needs the manager, "suggest a snack for my hike" the diet): three users whose persona tier is
 * full of other kinds (so the fact must come in as relevant), and what the injected block must hold
 * or must not. `develop` was written to build the catalogue's needs on; `transfer` was set aside
 * before, to show they reach phrasings they were not developed on.
 */
export interface Held {
  statement: string;
  key?: string;
  type?: string;
}

export interface NeedCase {
  who: string;
  ask: string;
  holds?: RegExp;
  /** The block must not hold this (a need word used about someone else or in another sense). */
  not?: RegExp;
}

export const PEOPLE: Record<string, Held[]> = {
  rosa: [
    { statement: "The user's name is Rosa", key: 'user.name' },
    { statement: 'The user is allergic to sesame', key: 'user.allergy.sesame' },
    { statement: 'The user is allergic to penicillin', key: 'user.allergy.penicillin' },
    { statement: 'The user is lactose intolerant', key: 'user.intolerance.lactose' },
    { statement: 'The user is pescatarian', key: 'user.diet' },
    { statement: 'The user prefers short answers', type: 'preference' },
    { statement: 'The user lives in Porto', key: 'user.location' },
    { statement: 'The user works at Farfetch', key: 'user.employer' },
    { statement: 'The user is a data analyst', key: 'user.occupation' },
    { statement: "The user's manager is Tiago", key: 'user.manager' },
    { statement: "The user's partner is Miguel", key: 'user.partner' },
    { statement: 'The user has a cat called Bolacha', key: 'user.pet.bolacha' },
    { statement: 'The user drinks oat flat whites', key: 'user.drink.flat_white' },
    { statement: 'The user likes negronis', key: 'user.drink.negroni' },
    { statement: 'The user loves Thai food', key: 'user.likes.thai_food' },
    { statement: 'The user is going to Lisbon for a conference in May', key: 'user.plan.lisbon' },
    { statement: 'The user plays padel', key: 'user.hobby.padel' },
    { statement: 'The user uses Looker', key: 'user.tool.looker' },
    { statement: 'The user is building a churn dashboard', key: 'user.project.churn_dashboard' },
    { statement: "The user's sister lives in Madrid", key: 'user.family.sister' },
  ],
  kwame: [
    { statement: "The user's name is Kwame", key: 'user.name' },
    { statement: 'The user is allergic to peanuts', key: 'user.allergy.peanuts' },
    { statement: 'The user has type 1 diabetes', key: 'user.condition.diabetes' },
    { statement: 'The user eats halal', key: 'user.diet' },
    { statement: 'The user wants code examples in answers', type: 'preference' },
    { statement: 'The user speaks Twi', key: 'user.language.twi' },
    { statement: 'The user lives in Leeds', key: 'user.location' },
    { statement: 'The user works at Sky Betting', key: 'user.employer' },
    { statement: 'The user is a site reliability engineer', key: 'user.occupation' },
    { statement: "The user's manager is Priya", key: 'user.manager' },
    { statement: "The user's wife is Ama", key: 'user.partner' },
    { statement: 'The user has a daughter called Efua', key: 'user.child.efua' },
    { statement: 'The user has a son called Kofi', key: 'user.child.kofi' },
    { statement: 'The user has a dog called Biscuit', key: 'user.pet.biscuit' },
    { statement: 'The user drinks alcohol-free lager', key: 'user.drink.alcohol_free_lager' },
    { statement: 'The user loves jollof rice', key: 'user.likes.jollof_rice' },
    { statement: 'The user is taking the family to Accra in August', key: 'user.plan.accra' },
    { statement: 'The user plays five-a-side football', key: 'user.hobby.football' },
    { statement: 'The user is migrating the payments cluster to Kubernetes', key: 'user.project.kubernetes_migration' },
  ],
  lena: [
    { statement: "The user's name is Lena", key: 'user.name' },
    { statement: 'The user is allergic to latex', key: 'user.allergy.latex' },
    { statement: 'The user is allergic to wasp stings', key: 'user.allergy.wasp_stings' },
    { statement: 'The user is allergic to dust mites', key: 'user.allergy.dust_mites' },
    { statement: 'The user is allergic to penicillin', key: 'user.allergy.penicillin' },
    { statement: 'The user has asthma', key: 'user.condition.asthma' },
    { statement: 'The user is gluten intolerant', key: 'user.intolerance.gluten' },
    { statement: 'The user is vegetarian', key: 'user.diet' },
    { statement: 'The user lives in Graz', key: 'user.location' },
    { statement: 'The user works at AVL', key: 'user.employer' },
    { statement: 'The user is a mechanical engineer', key: 'user.occupation' },
    { statement: "The user's fiancé is Jonas", key: 'user.partner' },
    { statement: 'The user drinks matcha lattes', key: 'user.drink.matcha' },
    { statement: 'The user is going hiking in the Dolomites in July', key: 'user.plan.dolomites' },
    { statement: 'The user does bouldering', key: 'user.hobby.bouldering' },
    { statement: "The user's brother Felix is a chef in Vienna", key: 'user.family.brother' },
  ],
};

export const DEVELOP: NeedCase[] = [
  { who: 'rosa', ask: 'Help me write a two-line bio for my conference badge.', holds: /Farfetch|data analyst/ },
  { who: 'rosa', ask: 'Polish my CV summary paragraph, keep it to three sentences.', holds: /data analyst/ },
  { who: 'rosa', ask: 'Who should I send my timesheet to?', holds: /Tiago/ },
  { who: 'rosa', ask: 'Who needs to approve my holiday request?', holds: /Tiago/ },
  { who: 'rosa', ask: 'I need to put in for vacation days, who do I email?', holds: /Tiago/ },
  { who: 'rosa', ask: 'Recommend a restaurant for Friday night.', holds: /Thai/ },
  { who: 'lena', ask: 'Suggest a snack for my hike on Saturday.', holds: /gluten|vegetarian/ },
  { who: 'lena', ask: 'What can I bake for the office bake sale?', holds: /gluten/ },
  { who: 'lena', ask: 'Plan my meals for the week.', holds: /vegetarian/ },
  { who: 'rosa', ask: 'What should I order at the coffee shop?', holds: /flat white/ },
  { who: 'lena', ask: 'Recommend a drink to go with my afternoon break.', holds: /matcha/ },
  { who: 'rosa', ask: 'What should I pack?', holds: /Lisbon/ },
  { who: 'kwame', ask: 'Do I need a visa for the journey?', holds: /Accra/ },
  { who: 'lena', ask: 'What should I put in my suitcase?', holds: /Dolomites/ },
  { who: 'rosa', ask: 'How long will my commute take if the metro is down?', holds: /Porto/ },
  { who: 'lena', ask: "What's the weather going to be like in my area this weekend?", holds: /Graz/ },
  { who: 'kwame', ask: 'What time should I leave the house to get to the station by 8?', holds: /Leeds/ },
  { who: 'rosa', ask: "Who do I live with? It's for a form.", holds: /Miguel/ },
  { who: 'kwame', ask: 'Plan a Saturday activity the whole household will enjoy.', holds: /Efua|Kofi/ },
  { who: 'lena', ask: 'Book a table for me and my fiancé.', holds: /Jonas/ },
  { who: 'kwame', ask: 'What should I focus on at work this week?', holds: /Kubernetes/ },
  { who: 'rosa', ask: 'How do I sort the bar chart by value?', not: /negroni|flat white/ },
  { who: 'kwame', ask: 'My colleague is packing for his trip to Rome, any tips for him?', not: /Accra/ },
  // A question about someone named: the need is theirs, not the user's.
  { who: 'lena', ask: 'What cake did Jonas bake for the party?', not: /gluten|vegetarian/ },
  { who: 'kwame', ask: 'When does Ama fly to the conference?', not: /Accra/ },
];

export const TRANSFER: NeedCase[] = [
  { who: 'kwame', ask: "Can you write a short intro about me for the meetup's speaker page?", holds: /Sky Betting|site reliability/ },
  { who: 'kwame', ask: 'What should I put in my email signature?', holds: /Sky Betting|site reliability/ },
  { who: 'kwame', ask: 'Who do I escalate a production outage to?', holds: /Priya/ },
  { who: 'kwame', ask: 'Who should sign off on my expenses?', holds: /Priya/ },
  { who: 'kwame', ask: 'What should I cook for dinner this weekend?', holds: /jollof/ },
  { who: 'lena', ask: 'Give me a recipe for a dinner party I am hosting for six.', holds: /gluten|vegetarian/ },
  { who: 'lena', ask: 'Which takeaway should I order tonight?', holds: /vegetarian|gluten/ },
  { who: 'lena', ask: 'Pick a café for brunch with my friends on Sunday.', holds: /vegetarian|gluten/ },
  { who: 'kwame', ask: 'Going to the pub after work, what should I get?', holds: /lager/ },
  { who: 'rosa', ask: 'What should I have at the cocktail bar tonight?', holds: /negroni/ },
  { who: 'kwame', ask: 'Remind me what I need to sort before we fly out.', holds: /Accra/ },
  { who: 'rosa', ask: 'How early should I get to the airport?', holds: /Lisbon/ },
  { who: 'kwame', ask: 'Any good takeaways near me?', holds: /Leeds/ },
  { who: 'rosa', ask: 'Find a gym nearby that opens early.', holds: /Porto/ },
  { who: 'lena', ask: 'Which local events are on this weekend?', holds: /Graz/ },
  { who: 'kwame', ask: 'How big a car do I need for everyone at home?', holds: /Efua|Kofi/ },
  { who: 'rosa', ask: "Who needs feeding while I'm away this weekend?", holds: /Bolacha/ },
  { who: 'kwame', ask: 'What should I get ready for the school run tomorrow?', holds: /Efua|Kofi/ },
  { who: 'rosa', ask: 'Write my standup update.', holds: /churn/ },
  { who: 'kwame', ask: 'Explain how the order of operations works in Python.', not: /lager|jollof/ },
  { who: 'lena', ask: 'What did my brother cook at his restaurant last night?', not: /matcha/ },
];

/** Written after the needs were built on DEVELOP and TRANSFER and frozen: measured once, as they came. */
export const AFTER: NeedCase[] = [
  { who: 'rosa', ask: "Can you tidy up the 'about me' section on my portfolio site?", holds: /Farfetch|data analyst/ },
  { who: 'kwame', ask: "I'm giving a talk at a conference, what should my speaker blurb say?", holds: /Sky Betting|site reliability/ },
  { who: 'rosa', ask: 'Who do I need to ask before taking Friday off?', holds: /Tiago/ },
  { who: 'kwame', ask: 'Who signs my overtime form?', holds: /Priya/ },
  { who: 'lena', ask: 'What should I make for supper tonight?', holds: /vegetarian|gluten/ },
  { who: 'lena', ask: 'Any ideas for a packed lunch I can take along tomorrow?', holds: /vegetarian|gluten/ },
  { who: 'rosa', ask: "I'm heading to a wine bar with friends, what should I ask for?", holds: /negroni/ },
  { who: 'kwame', ask: 'Fancy a pint tonight, what should I order?', holds: /lager/ },
  { who: 'rosa', ask: 'Should I get travel insurance for May?', holds: /Lisbon/ },
  { who: 'kwame', ask: 'Is it going to rain here tomorrow?', holds: /Leeds/ },
  { who: 'lena', ask: 'Recommend a bakery within walking distance.', holds: /Graz/ },
  { who: 'rosa', ask: 'Suggest a present for my other half.', holds: /Miguel/ },
  { who: 'kwame', ask: "What's a good film for a night in with all of us at home?", holds: /Efua|Kofi/ },
  { who: 'kwame', ask: "What's the best way to cache a weather API response in Go?", not: /Leeds/ },
  { who: 'rosa', ask: 'How do I write a Chef recipe that installs nginx?', not: /Thai/ },
  { who: 'lena', ask: "My brother's restaurant needs a new menu, any ideas?", not: /matcha|vegetarian/ },
];

/** Written after AFTER was measured and before the needs were widened on it: the transfer check of the widened needs, measured once. */
export const AFTER_WIDENED: NeedCase[] = [
  { who: 'kwame', ask: 'Write a one-paragraph author note about me for my blog.', holds: /Sky Betting|site reliability/ },
  { who: 'lena', ask: "I'm updating my Xing profile, can you suggest a summary?", holds: /AVL|mechanical engineer/ },
  { who: 'rosa', ask: 'Who should I copy in when I flag a data quality problem?', holds: /Tiago/ },
  { who: 'kwame', ask: 'Who do I ask for a week of leave in August?', holds: /Priya/ },
  { who: 'rosa', ask: 'Where should I take my parents for a nice meal?', holds: /Thai/ },
  { who: 'lena', ask: 'What should I grab from the canteen today?', holds: /vegetarian/ },
  { who: 'lena', ask: 'Suggest a Sunday roast I could do.', holds: /vegetarian/ },
  { who: 'kwame', ask: "It's my round at the pub quiz, what am I having?", holds: /lager/ },
  { who: 'lena', ask: 'Coffee or something else this afternoon, what do I usually go for?', holds: /matcha/ },
  { who: 'rosa', ask: 'Which adapter plug will I need in May?', holds: /Lisbon/ },
  { who: 'lena', ask: 'What should I book first, the hut or the train?', holds: /Dolomites/ },
  { who: 'kwame', ask: 'Any decent barbers close by?', holds: /Leeds/ },
  { who: 'rosa', ask: 'How long does it take to cycle to the office from my place?', holds: /Porto/ },
  { who: 'kwame', ask: 'Is our house big enough for a second dog?', holds: /Biscuit/ },
  { who: 'rosa', ask: "Who will keep an eye on things at home while I'm in Lisbon?", holds: /Miguel|Bolacha/ },
  { who: 'rosa', ask: "What's the travel time complexity of BFS?", not: /Lisbon/ },
  { who: 'lena', ask: 'How do I pack a struct in Rust without padding?', not: /Dolomites/ },
  { who: 'kwame', ask: 'Should my service report metrics to Prometheus?', not: /Priya/ },
  { who: 'kwame', ask: 'How do I add a dropdown menu to my React navbar?', not: /jollof|lager/ },
];

/** Needs added for how people ask about their free time, their tools, their commute, their animals and their wedding. */
export const EVERYDAY: NeedCase[] = [
  { who: 'rosa', ask: 'What could I do with myself on a free Saturday?', holds: /padel/ },
  { who: 'kwame', ask: 'Write a short bio for my site, with a line about what I do outside work.', holds: /football/ },
  { who: 'rosa', ask: 'Which plugins should I set up this week?', holds: /Looker/ },
  { who: 'kwame', ask: 'Commute tips? I need to be at work by 9.', holds: /Sky Betting/ },
  { who: 'kwame', ask: 'What do I need to sort for the animals when we move house?', holds: /Biscuit/ },
  { who: 'lena', ask: 'Help me write the wedding invite text.', holds: /Jonas/ },
  { who: 'rosa', ask: 'Draft my standup update, three bullets.', holds: /Looker|churn/ },
  { who: 'rosa', ask: 'Best jave IDE?', not: /Looker/ },
  { who: 'kwame', ask: 'Which plugins does Grafana support?', not: /Sky Betting/ },
];
