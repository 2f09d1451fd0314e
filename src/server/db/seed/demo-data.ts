// Demo content for the Crumb community Q&A forum, used to seed a fresh database.

export interface DemoComment {
  author: string;
  text: string;
}

export interface DemoAnswer {
  author: string;
  text: string;
  upvoters: string[];
  downvoters: string[];
  comments: DemoComment[];
}

export interface DemoQuestion {
  author: string;
  title: string;
  text: string;
  tags: string[]; // 0..3 tags
  daysAgo: number; // when it was posted, days before the seed runs (can be fractional)
  upvoters: string[];
  downvoters: string[];
  comments: DemoComment[];
  answers: DemoAnswer[];
  bookmarkedBy: string[];
}

export interface DemoUser {
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  following: string[]; // usernames this user follows
}

export const demoUsers: DemoUser[] = [
  {
    username: 'crumb',
    firstName: 'Crumb',
    lastName: 'Community',
    bio: 'Welcome to Crumb, a friendly corner of the internet where bakers of every level trade questions, fixes and flour-dusted wins.',
    following: [],
  },
  {
    username: 'guest',
    firstName: 'Guest',
    lastName: 'Baker',
    bio: 'The shared guest account for exploring Crumb: ask, answer, comment and vote as a guest, then sign up for a profile of your own.',
    following: ['crumb', 'owen.levain', 'priya.cakes'],
  },
  {
    username: 'camille.patisserie',
    firstName: 'Camille',
    lastName: 'Fournier',
    bio: 'Pastry chef in Lyon with twelve years of laminated dough behind me. I teach weekend croissant classes and love a good butter debate.',
    following: ['owen.levain', 'priya.cakes', 'kenji.pan', 'crumb'],
  },
  {
    username: 'wanjiru.bakes',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    bio: 'Home baker in Nairobi, learning every high-altitude adjustment the hard way. Mandazi on Saturdays, birthday cakes for half the street.',
    following: ['priya.cakes', 'owen.levain', 'camille.patisserie', 'sofia.glutenfree', 'crumb'],
  },
  {
    username: 'kenji.pan',
    firstName: 'Kenji',
    lastName: 'Matsuda',
    bio: 'Bread maker at a small neighbourhood bakery in Osaka. Shokupan, melonpan and anpan by day, rye experiments at home by night.',
    following: ['owen.levain', 'jonas.grams', 'camille.patisserie', 'crumb'],
  },
  {
    username: 'lupita.pandulce',
    firstName: 'Guadalupe',
    lastName: 'Hernández',
    bio: "Everyone calls me Lupita. Third-generation pan dulce baker in Mexico City: conchas, orejas and cuernos, mostly from my abuela's notebook.",
    following: ['priya.cakes', 'owen.levain', 'elin.bullar', 'kenji.pan', 'crumb'],
  },
  {
    username: 'elin.bullar',
    firstName: 'Elin',
    lastName: 'Lindqvist',
    bio: 'Stockholm office worker who lives for fika. I have baked cinnamon buns every Sunday since 2016 and keep a spreadsheet to prove it.',
    following: ['owen.levain', 'priya.cakes', 'lupita.pandulce', 'camille.patisserie', 'jonas.grams', 'crumb'],
  },
  {
    username: 'owen.levain',
    firstName: 'Owen',
    lastName: 'Gallagher',
    bio: 'Sourdough hobbyist in Dublin with a starter called Brendan. Two loaves a week, and every hydration change goes in the notebook.',
    following: ['kenji.pan', 'jonas.grams', 'priya.cakes', 'crumb'],
  },
  {
    username: 'priya.cakes',
    firstName: 'Priya',
    lastName: 'Raman',
    bio: 'Cake decorator running a small home business in Leicester. Buttercream flowers, wedding tiers and far too many pricing spreadsheets.',
    following: [
      'owen.levain',
      'camille.patisserie',
      'wanjiru.bakes',
      'lupita.pandulce',
      'sofia.glutenfree',
      'elin.bullar',
      'crumb',
    ],
  },
  {
    username: 'sofia.glutenfree',
    firstName: 'Sofia',
    lastName: 'Marchetti',
    bio: 'Gluten-free baker in Melbourne, coeliac since 2014. I test every recipe until nobody at the table can tell the difference.',
    following: ['priya.cakes', 'owen.levain', 'jonas.grams', 'crumb'],
  },
  {
    username: 'jonas.grams',
    firstName: 'Jonas',
    lastName: 'Becker',
    bio: 'Engineer in Hamburg who treats his kitchen like a lab. Ask me about scales, oven calibration and why your thermometer is lying.',
    following: ['owen.levain', 'kenji.pan', 'priya.cakes', 'camille.patisserie', 'crumb'],
  },
];

export const demoQuestions: DemoQuestion[] = [
  {
    author: 'crumb',
    title: 'Welcome to Crumb! How to ask a baking question that gets great answers',
    text: 'Welcome to Crumb, a place for bakers of every level to swap questions, fixes and hard-won tips. When you post, give your recipe in grams if you can, plus your oven type, kitchen temperature and what you expected versus what happened. Describing the crumb, crust or texture in detail helps people diagnose the problem. Be kind, upvote the answers that actually helped, and bookmark threads you want to come back to.',
    tags: [],
    daysAgo: 60,
    upvoters: [
      'owen.levain',
      'priya.cakes',
      'camille.patisserie',
      'kenji.pan',
      'wanjiru.bakes',
      'elin.bullar',
      'jonas.grams',
    ],
    downvoters: [],
    comments: [
      {
        author: 'jonas.grams',
        text: 'Seconding the grams request. A cup of flour can vary by 30 g depending on how you scoop it.',
      },
    ],
    answers: [
      {
        author: 'owen.levain',
        text: "A tip from the sourdough side: mention your starter's feeding ratio and how long it takes to peak. 'My starter is active' means very different things to different people.",
        upvoters: ['kenji.pan', 'elin.bullar', 'jonas.grams'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'priya.cakes',
        text: 'If you are asking about a cake or icing problem, say what climate you are working in. Half the buttercream disasters I see come down to a 28C kitchen, not the recipe.',
        upvoters: ['camille.patisserie', 'wanjiru.bakes', 'lupita.pandulce', 'sofia.glutenfree'],
        downvoters: [],
        comments: [{ author: 'wanjiru.bakes', text: 'So true. Nairobi in February is not kind to buttercream.' }],
      },
      {
        author: 'sofia.glutenfree',
        text: 'For gluten-free questions, list the exact flour blend and whether it already contains xanthan gum or psyllium. Blends behave wildly differently from brand to brand.',
        upvoters: ['priya.cakes'],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['wanjiru.bakes', 'elin.bullar'],
  },
  {
    author: 'owen.levain',
    title: 'Why does my sourdough crust go soft overnight?',
    text: 'My loaves come out of the oven properly crackly: 78% hydration, 20% whole wheat, baked in a Dutch oven at 250C for 20 minutes with the lid on and 22 minutes at 230C with the lid off. By the next morning the crust is leathery and soft. I cool them on a rack for about three hours and then keep them in a plastic bread bag. Is this a baking problem or a storage problem?',
    tags: ['Breads', 'Baking'],
    daysAgo: 41.5,
    upvoters: [
      'kenji.pan',
      'camille.patisserie',
      'jonas.grams',
      'elin.bullar',
      'priya.cakes',
      'wanjiru.bakes',
      'lupita.pandulce',
      'sofia.glutenfree',
    ],
    downvoters: [],
    comments: [
      { author: 'kenji.pan', text: 'What colour is the crust when it comes out? Pale crusts soften much faster.' },
      { author: 'owen.levain', text: 'Fairly deep chestnut on top, but the bottom is noticeably lighter.' },
    ],
    answers: [
      {
        author: 'kenji.pan',
        text: 'The plastic bag is the main culprit. Moisture keeps migrating from the crumb to the crust for hours after baking, and the bag traps it right against the surface. Store the loaf cut side down on a wooden board, or in a linen bag, for the first day.',
        upvoters: ['owen.levain', 'jonas.grams', 'camille.patisserie', 'elin.bullar', 'lupita.pandulce', 'priya.cakes'],
        downvoters: [],
        comments: [
          {
            author: 'owen.levain',
            text: 'Tried the board trick last night and the crust was still crisp at breakfast. Thank you!',
          },
        ],
      },
      {
        author: 'jonas.grams',
        text: "Check the internal temperature too. At 78% hydration I'd want the centre at 98-99C before pulling it. A loaf that is even slightly underbaked has more free water to push into the crust overnight.",
        upvoters: ['owen.levain', 'kenji.pan', 'sofia.glutenfree'],
        downvoters: [],
        comments: [
          { author: 'elin.bullar', text: 'Which probe do you use for bread? Mine reads differently every time.' },
          {
            author: 'jonas.grams',
            text: 'A cheap thermocouple pen, but I check it in boiling water about once a month.',
          },
        ],
      },
      {
        author: 'camille.patisserie',
        text: 'At the end of the bake, switch the oven off and leave the loaf inside with the door propped open for 10 minutes. It dries the crust further and gives you a thicker shell that holds up much better overnight.',
        upvoters: ['owen.levain', 'priya.cakes'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'priya.cakes',
        text: 'Honestly, a softer crust the next day is normal for a high-hydration loaf. I just re-crisp slices in the oven at 200C for five minutes before serving.',
        upvoters: ['wanjiru.bakes'],
        downvoters: ['jonas.grams'],
        comments: [{ author: 'owen.levain', text: "Fair, but I'd love to skip the reheating step if I can." }],
      },
      {
        author: 'elin.bullar',
        text: 'Extending the lid-off phase made the biggest difference for me. I go until the crust is almost mahogany and the base sounds hollow when tapped. A lighter bottom usually means the base needs a few more minutes on the stone.',
        upvoters: ['kenji.pan', 'owen.levain'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'sofia.glutenfree',
        text: "A bread box with a little airflow is a good middle ground if you don't like linen. The crust stays drier than in plastic and the crumb stales more slowly than on an open board.",
        upvoters: [],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['kenji.pan', 'elin.bullar', 'lupita.pandulce'],
  },
  {
    author: 'camille.patisserie',
    title: 'How do I stop my croissant butter from breaking into shards during lamination?',
    text: 'Since our supplier switched butter brands, my croissant dough keeps misbehaving. The dough is 55% hydration with 10% sugar, and the butter block is 82% fat at 25% of the dough weight. After the second single fold I can see butter shards through the dough, and the baked croissants come out bready in patches. My kitchen sits at around 19C.',
    tags: ['Pastry', 'Recipes'],
    daysAgo: 33,
    upvoters: ['elin.bullar', 'priya.cakes', 'owen.levain', 'kenji.pan'],
    downvoters: [],
    comments: [
      { author: 'jonas.grams', text: 'Have you probed the butter at each fold? I find 13-15C is the sweet spot.' },
    ],
    answers: [
      {
        author: 'elin.bullar',
        text: 'Shards usually mean the butter is colder and harder than the dough around it. Take the block out 10-15 minutes earlier so it bends without snapping, ideally around 13C, and rest the dough in the fridge rather than the freezer between folds.',
        upvoters: ['camille.patisserie', 'lupita.pandulce', 'kenji.pan', 'jonas.grams'],
        downvoters: [],
        comments: [
          {
            author: 'camille.patisserie',
            text: 'The freezer rests were exactly my shortcut to save time. Back to the fridge it is.',
          },
        ],
      },
      {
        author: 'jonas.grams',
        text: 'Butters with the same fat percentage can have very different plasticity, depending on the milk fat fractions they use. Try beating the cold block with a rolling pin together with 2-3% of the flour. It makes the butter noticeably more pliable.',
        upvoters: ['camille.patisserie', 'owen.levain'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'lupita.pandulce',
        text: 'Check the dough as well. If it is over-kneaded it fights back, you press harder with the pin, and that is when the butter cracks. I mix only until it comes together and let the folds build the strength.',
        upvoters: ['camille.patisserie'],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['elin.bullar', 'priya.cakes'],
  },
  {
    author: 'priya.cakes',
    title: 'How much should I charge for a 3-tier buttercream wedding cake as a home business?',
    text: 'I have run a small home cake business in Leicester for two years and just got my first enquiry for a 3-tier wedding cake (6, 8 and 10 inch, about 100 portions) in buttercream with fresh flowers. My ingredient cost comes to around 85 pounds and I estimate 14 hours of work including delivery and setup. Locally people seem to charge anywhere from 250 to 600 pounds. How do you work out a price that is fair without underselling your time?',
    tags: ['Business', 'Cake', 'Experience'],
    daysAgo: 12.3,
    upvoters: ['wanjiru.bakes', 'camille.patisserie', 'lupita.pandulce', 'sofia.glutenfree', 'elin.bullar'],
    downvoters: [],
    comments: [
      {
        author: 'lupita.pandulce',
        text: 'Does the 14 hours include the tasting appointment and all the emails? Those add up fast.',
      },
      { author: 'priya.cakes', text: 'Good point, they do not. Probably another two or three hours.' },
    ],
    answers: [
      {
        author: 'camille.patisserie',
        text: "Start from your costs, not your competitors: ingredients and packaging, plus your hours at a wage you'd actually accept, plus 15-20% for overheads like electricity, insurance and test bakes. At 17 hours and 20 pounds an hour you are already near 450 before any profit. Quoting per portion, around 4.50 to 5.50 for a wedding cake, also makes the number easier for couples to understand.",
        upvoters: ['priya.cakes', 'wanjiru.bakes', 'lupita.pandulce', 'elin.bullar', 'sofia.glutenfree'],
        downvoters: [],
        comments: [
          { author: 'wanjiru.bakes', text: 'Pricing per portion is such a good idea. Stealing this for Nairobi.' },
        ],
      },
      {
        author: 'lupita.pandulce',
        text: 'Charge separately for delivery, setup and the flowers, because florist-grade stems and food-safe wrapping are not cheap. And take a non-refundable 30% deposit to hold the date.',
        upvoters: ['priya.cakes', 'camille.patisserie'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'wanjiru.bakes',
        text: "Don't be afraid of the upper half of that range. In my experience the couples who haggle hardest over the price are the same ones who ask for the most changes later.",
        upvoters: ['priya.cakes'],
        downvoters: ['jonas.grams'],
        comments: [{ author: 'jonas.grams', text: 'A bit cynical, but probably not wrong.' }],
      },
    ],
    bookmarkedBy: ['wanjiru.bakes', 'lupita.pandulce', 'sofia.glutenfree'],
  },
  {
    author: 'kenji.pan',
    title: 'My tangzhong shokupan caves in on the sides after unmolding. Underbaked or overproofed?',
    text: 'I bake shokupan in a lidded Pullman tin: 250 g bread flour, 5% of the flour cooked as tangzhong, 72% total hydration counting the milk. It bakes at 200C for 30 minutes. About five minutes after unmolding, the sides pull inward and the loaf gets a pinched waist. The crumb tastes fine, but it looks wrong on the shelf.',
    tags: ['Breads', 'Wheat Bread'],
    daysAgo: 27,
    upvoters: ['owen.levain', 'jonas.grams', 'elin.bullar'],
    downvoters: [],
    comments: [
      {
        author: 'camille.patisserie',
        text: 'Do you drop the tin on the counter when it comes out? It helps release trapped steam.',
      },
    ],
    answers: [
      {
        author: 'owen.levain',
        text: 'Side collapse is almost always slight underbaking combined with steam trapped in the loaf. Drop the tin firmly onto the counter from about 10 cm as soon as it leaves the oven, unmold immediately, and try adding 5 minutes to the bake.',
        upvoters: ['kenji.pan', 'jonas.grams', 'elin.bullar'],
        downvoters: [],
        comments: [
          { author: 'kenji.pan', text: 'Five extra minutes plus the drop did it. The sides are straight now.' },
        ],
      },
      {
        author: 'jonas.grams',
        text: 'Also make sure your oven really reaches 200C. A lidded Pullman tin is well insulated, so if the oven runs 10-15 degrees cool, the centre never sets firmly enough to hold the walls up.',
        upvoters: ['kenji.pan'],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['owen.levain'],
  },
  {
    author: 'lupita.pandulce',
    title: 'Why does the sugar topping on my conchas crack and slide off during baking?',
    text: "My conchas taste right, but the shell topping (equal weights of flour, powdered sugar and vegetable shortening, about 30 g per bun) cracks into big plates and slides down the sides in the oven. I press it on after shaping and before the final proof, then bake at 180C for 18 minutes. My grandmother's never did this and I can't work out what I'm doing differently.",
    tags: ['Breads', 'Recipes'],
    daysAgo: 19,
    upvoters: ['priya.cakes', 'elin.bullar', 'wanjiru.bakes', 'camille.patisserie'],
    downvoters: [],
    comments: [],
    answers: [
      {
        author: 'camille.patisserie',
        text: 'It sounds like the topping is too thin for how much the dough expands. Make the disc slightly thicker at the edges, and brush a very light layer of egg wash on the bun before pressing it on so it grips.',
        upvoters: ['lupita.pandulce', 'elin.bullar'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'elin.bullar',
        text: 'The fat matters a lot. A topping made partly with lard or butter is stickier and stays put, while shortening-only toppings dry out and break into plates. Chill the paste for 20 minutes before shaping so it does not smear.',
        upvoters: ['lupita.pandulce'],
        downvoters: [],
        comments: [{ author: 'lupita.pandulce', text: 'My grandmother absolutely used lard. I think you found it.' }],
      },
      {
        author: 'wanjiru.bakes',
        text: 'Cover the buns loosely during the final proof. If the topping dries out and forms a skin, it cracks the moment oven spring starts.',
        upvoters: ['lupita.pandulce', 'sofia.glutenfree'],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['elin.bullar'],
  },
  {
    author: 'elin.bullar',
    title: 'My cardamom buns leak butter all over the tray. How do I keep the filling inside?',
    text: 'I make Swedish knotted cardamom buns: the dough has 12% sugar and 15% butter, and the filling is 100 g soft butter, 80 g sugar and 2 tsp freshly ground cardamom for 16 buns. At 220C a puddle of butter forms under every bun and the bottoms basically fry. They still taste great but the bases get too dark. Is the filling too soft, or am I knotting them wrong?',
    tags: ['Pastry', 'Baking'],
    daysAgo: 8,
    upvoters: ['lupita.pandulce', 'camille.patisserie', 'kenji.pan'],
    downvoters: [],
    comments: [{ author: 'lupita.pandulce', text: 'Same problem with my cinnamon rolls. Following this!' }],
    answers: [
      {
        author: 'camille.patisserie',
        text: 'Add 15 g of almond flour, or a tablespoon of plain flour, to the filling. It binds the butter as it melts, so it caramelises inside the layers instead of running out. The filling should be soft and spreadable, never melted, when you apply it.',
        upvoters: ['elin.bullar', 'lupita.pandulce', 'priya.cakes', 'kenji.pan'],
        downvoters: [],
        comments: [
          {
            author: 'elin.bullar',
            text: 'Almond flour worked beautifully, and they taste even more like bakery buns now.',
          },
        ],
      },
      {
        author: 'jonas.grams',
        text: "Slide a second baking sheet under the first. The double layer cuts the bottom heat, so any butter that does leak won't scorch.",
        upvoters: ['elin.bullar'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'owen.levain',
        text: 'Make sure the final proof is complete. Under-proofed knots burst open hard in the oven and squeeze the filling out.',
        upvoters: [],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['lupita.pandulce', 'camille.patisserie'],
  },
  {
    author: 'sofia.glutenfree',
    title: 'My gluten-free chocolate chip cookies spread into one flat sheet. What should I change?',
    text: "I'm converting my old chocolate chip cookie recipe to gluten-free with a rice and tapioca blend that already contains xanthan gum, swapped 1:1 by weight (280 g). The dough is soft and glossy, and at 180C the cookies merge into one lacy sheet on the tray. The flavour is lovely, so I'd like to fix the structure without starting from scratch.",
    tags: ['Cookies', 'Recipes'],
    daysAgo: 5.5,
    upvoters: ['priya.cakes', 'wanjiru.bakes'],
    downvoters: [],
    comments: [
      { author: 'wanjiru.bakes', text: 'Are you using melted butter or creamed softened butter?' },
      { author: 'sofia.glutenfree', text: 'Melted. The original recipe called for it.' },
    ],
    answers: [
      {
        author: 'priya.cakes',
        text: 'Rest the dough. Gluten-free flours hydrate slowly, so chilling the dough for at least 2 hours, ideally overnight, lets the starches soak up the melted butter and the cookies hold their shape far better.',
        upvoters: ['sofia.glutenfree', 'wanjiru.bakes', 'camille.patisserie'],
        downvoters: [],
        comments: [
          {
            author: 'sofia.glutenfree',
            text: 'Overnight rest gave me thick, chewy cookies. Cannot believe it was that simple.',
          },
        ],
      },
      {
        author: 'jonas.grams',
        text: 'Rice-based blends absorb less liquid than wheat flour. Try 10-15% more flour by weight, or swap 30 g of the blend for oat flour if certified oats are safe for you.',
        upvoters: ['sofia.glutenfree'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'kenji.pan',
        text: 'You could also cut the sugar by 10%. Sugar liquefies in the oven and a gluten-free dough has less structure to hold it.',
        upvoters: [],
        downvoters: ['priya.cakes', 'sofia.glutenfree'],
        comments: [
          {
            author: 'priya.cakes',
            text: 'Cutting sugar changes the texture a lot. I would try resting the dough first.',
          },
        ],
      },
    ],
    bookmarkedBy: ['wanjiru.bakes'],
  },
  {
    author: 'jonas.grams',
    title: 'Is an oven thermometer enough, or should I map hot spots with a probe logger?',
    text: 'My fan oven is set to 200C but a dial thermometer on the middle shelf reads 184C, and cookies at the back left always brown first. I am considering a 4-channel thermocouple logger (around 60 euros) to map the whole cavity. Is that worth it, or will a couple of cheap thermometers and a tray of toast tell me everything I need?',
    tags: ['Baking Tools', 'Baking'],
    daysAgo: 22,
    upvoters: ['owen.levain', 'kenji.pan'],
    downvoters: ['wanjiru.bakes'],
    comments: [
      {
        author: 'elin.bullar',
        text: 'The toast test is surprisingly good. White sandwich bread, a full tray, 8 minutes.',
      },
    ],
    answers: [
      {
        author: 'kenji.pan',
        text: 'For home baking, the toast test plus one reliable thermometer covers most of it. A logger shines if you want to see the recovery time after opening the door, which matters more for bread than most people think.',
        upvoters: ['jonas.grams', 'owen.levain', 'elin.bullar'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'owen.levain',
        text: 'I bought one and learned my oven swings 15 degrees either side of the set point. Knowing that made me stop blaming my starter, so it was worth it for me.',
        upvoters: ['jonas.grams'],
        downvoters: [],
        comments: [{ author: 'jonas.grams', text: 'That kind of swing is exactly what I suspect in mine.' }],
      },
    ],
    bookmarkedBy: ['owen.levain', 'kenji.pan'],
  },
  {
    author: 'wanjiru.bakes',
    title: 'Baking at 1,800 m in Nairobi: why does my vanilla sponge keep sinking in the middle?',
    text: 'I live in Nairobi, about 1,795 m above sea level, and my vanilla sponge rises beautifully and then sinks in the centre during the last 10 minutes. The recipe is 225 g each of flour, sugar and butter, 4 eggs and 2 tsp baking powder, baked at 175C in two 20 cm tins. Recipes written for sea level never seem to work here. What adjustments do altitude bakers actually make?',
    tags: ['Cake', 'Baking', 'Experience'],
    daysAgo: 15,
    upvoters: ['priya.cakes', 'sofia.glutenfree', 'camille.patisserie', 'lupita.pandulce', 'elin.bullar'],
    downvoters: [],
    comments: [
      { author: 'sofia.glutenfree', text: 'I spent a year baking in Bogota. It is almost always the leavening.' },
    ],
    answers: [
      {
        author: 'priya.cakes',
        text: 'At that altitude, cut the baking powder by about a quarter (to 1.5 tsp), take out 1-2 tablespoons of sugar, and raise the oven to 190C so the structure sets before the bubbles over-expand. A tablespoon or two of extra milk helps as well, because liquid evaporates faster up there.',
        upvoters: [
          'wanjiru.bakes',
          'sofia.glutenfree',
          'camille.patisserie',
          'lupita.pandulce',
          'elin.bullar',
          'jonas.grams',
        ],
        downvoters: [],
        comments: [{ author: 'wanjiru.bakes', text: 'Did all of these and the tops are flat and even. Asante sana!' }],
      },
      {
        author: 'sofia.glutenfree',
        text: 'Test the middle with a skewer rather than trusting the timer. At altitude, a cake can look done on top while the centre is still setting.',
        upvoters: ['wanjiru.bakes'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'jonas.grams',
        text: 'Worth knowing: water boils at roughly 94C at your altitude, so anything relying on syrup or steam temperatures behaves differently. Calibrate your thermometer in boiling water there instead of assuming 100C.',
        upvoters: ['wanjiru.bakes', 'kenji.pan'],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['sofia.glutenfree', 'priya.cakes'],
  },
  {
    author: 'priya.cakes',
    title: 'My Swiss meringue buttercream turned soupy in a warm kitchen. Can I rescue it?',
    text: 'I am making Swiss meringue buttercream for a birthday order: 150 g egg whites, 300 g sugar and 450 g butter. My kitchen is 27C today, and after the butter went in it turned thin and runny instead of fluffy. I need to pipe rosettes with it in three hours. Do I chill it, add more butter, or start over?',
    tags: ['Icing', 'Cake Decoration'],
    daysAgo: 2.1,
    upvoters: ['camille.patisserie', 'wanjiru.bakes'],
    downvoters: [],
    comments: [{ author: 'wanjiru.bakes', text: 'I know this pain far too well.' }],
    answers: [
      {
        author: 'camille.patisserie',
        text: 'Do not throw it out. Chill the whole bowl for 15-20 minutes until the edges firm up, then whip again on medium-high. It may look curdled for a minute before it comes together; repeat once more if needed.',
        upvoters: ['priya.cakes', 'wanjiru.bakes', 'elin.bullar'],
        downvoters: [],
        comments: [{ author: 'priya.cakes', text: 'Saved! The rosettes held all afternoon.' }],
      },
      {
        author: 'elin.bullar',
        text: "If your fridge is full, wrap a bag of frozen peas around the bowl while it whips. It works faster than you'd think.",
        upvoters: ['priya.cakes'],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['wanjiru.bakes', 'sofia.glutenfree'],
  },
  {
    author: 'lupita.pandulce',
    title: 'Why are my yeast donuts greasy inside even though the oil is at 180C?',
    text: "I fry brioche-style donuts (60 g each, proofed until the dough springs back slowly) in sunflower oil that I keep at 180C with a clip-on thermometer. They turn perfectly golden after 90 seconds per side, but the inside is oily and a bit dense. I'm frying four at a time in a 24 cm pot with about 2 litres of oil.",
    tags: ['Donuts'],
    daysAgo: 10,
    upvoters: ['kenji.pan', 'camille.patisserie', 'owen.levain'],
    downvoters: [],
    comments: [
      { author: 'jonas.grams', text: 'What does the thermometer read right after you drop all four in?' },
      { author: 'lupita.pandulce', text: 'I have never checked. I will watch it on the next batch.' },
    ],
    answers: [
      {
        author: 'jonas.grams',
        text: 'Four 60 g donuts in 2 litres of oil will pull the temperature down by 15-20 degrees for a while, so they spend most of their time frying at around 160C and soaking up oil. Fry two at a time, or heat to 185C and let it recover fully between batches.',
        upvoters: ['lupita.pandulce', 'kenji.pan', 'camille.patisserie', 'owen.levain'],
        downvoters: [],
        comments: [{ author: 'kenji.pan', text: 'Same issue with my anpan donuts. Two at a time fixed it.' }],
      },
      {
        author: 'camille.patisserie',
        text: 'Dense and greasy together often points to slight over-proofing. A weak structure deflates a little when it hits the oil and absorbs more fat. Try frying when the dough springs back halfway rather than very slowly.',
        upvoters: ['lupita.pandulce'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'lupita.pandulce',
        text: 'Update for anyone who finds this later: the oil dropped from 180C to 158C with four donuts in. Frying two at a time and proofing a little less gave me light, clean donuts.',
        upvoters: ['jonas.grams', 'camille.patisserie'],
        downvoters: [],
        comments: [{ author: 'camille.patisserie', text: 'Thank you for coming back with real numbers.' }],
      },
    ],
    bookmarkedBy: ['kenji.pan'],
  },
  {
    author: 'camille.patisserie',
    title: 'What is the best way to get sharp edges on a ganache-covered cake before fondant?',
    text: "For a client's anniversary cake I need crisp, sharp edges under fondant. I use a 2:1 dark chocolate ganache, let it set overnight, and smooth it with a bench scraper and acetate boards. The top edge still comes out slightly rounded and the fondant shows every dip. Any technique tips from the decorators here?",
    tags: ['Cake Decoration', 'Icing', 'Cake'],
    daysAgo: 45,
    upvoters: ['priya.cakes', 'elin.bullar', 'wanjiru.bakes', 'jonas.grams'],
    downvoters: [],
    comments: [],
    answers: [
      {
        author: 'priya.cakes',
        text: 'Try the upside-down method: place an acrylic disc on top of the cake, flip it, and fill the gap around the sides with ganache using the disc as your guide. Once it sets, remove the disc and you get a perfectly flat top with a sharp edge.',
        upvoters: ['camille.patisserie', 'wanjiru.bakes', 'elin.bullar', 'lupita.pandulce', 'sofia.glutenfree'],
        downvoters: [],
        comments: [
          { author: 'camille.patisserie', text: 'I had heard of this but never tried it. Doing it this weekend.' },
          { author: 'wanjiru.bakes', text: 'This is how I finally got sharp edges. A real game changer.' },
        ],
      },
      {
        author: 'wanjiru.bakes',
        text: 'Dip your scraper in hot water and dry it before the final pass. It melts just the outer skin of the ganache and smooths out the dips.',
        upvoters: ['camille.patisserie', 'priya.cakes'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'lupita.pandulce',
        text: 'Let the ganached cake come to room temperature before the fondant goes on. Cold ganache sweats, and the fondant slips and bulges at the edges.',
        upvoters: ['camille.patisserie'],
        downvoters: [],
        comments: [{ author: 'priya.cakes', text: 'Yes, condensation is the enemy of fondant.' }],
      },
    ],
    bookmarkedBy: ['priya.cakes', 'wanjiru.bakes'],
  },
  {
    author: 'owen.levain',
    title: 'How much whole wheat can I swap into my 75% hydration loaf before it turns into a brick?',
    text: 'My current loaf is 80% strong white and 20% whole wheat at 75% hydration, with 2% salt and 20% levain. I want to move towards 50% whole wheat for flavour, but my first try at 40% came out dense and tight. Should I raise the hydration, shorten the fermentation, or both?',
    tags: ['Wheat Bread', 'Breads'],
    daysAgo: 0.2,
    upvoters: ['kenji.pan'],
    downvoters: [],
    comments: [],
    answers: [
      {
        author: 'kenji.pan',
        text: "Both. Bran absorbs much more water, so add roughly 1% hydration for every extra 5% of whole wheat, and expect bulk fermentation to run faster. At 50% I'd start around 80-82% hydration and watch the dough rather than the clock.",
        upvoters: ['owen.levain'],
        downvoters: [],
        comments: [],
      },
    ],
    bookmarkedBy: ['jonas.grams'],
  },
  {
    author: 'wanjiru.bakes',
    title: 'What do you wish you had known before you started baking for other people?',
    text: 'I have baked for family for years, and now friends are asking me for birthday cakes and mandazi trays for their events. Before I say yes and start taking money, what do you wish someone had told you at the beginning? I am thinking about food safety, time, and how to say no politely.',
    tags: ['Bakers', 'Experience', 'Business'],
    daysAgo: 52,
    upvoters: ['priya.cakes', 'lupita.pandulce', 'elin.bullar', 'camille.patisserie', 'sofia.glutenfree'],
    downvoters: [],
    comments: [{ author: 'elin.bullar', text: 'Great question, I am looking forward to the answers.' }],
    answers: [
      {
        author: 'priya.cakes',
        text: 'Everything takes twice as long as you think, and the last stretch (boxing, cleaning up, delivery) is the part you never plan for. Log your hours for the first ten orders. It will change how you price.',
        upvoters: [
          'wanjiru.bakes',
          'lupita.pandulce',
          'sofia.glutenfree',
          'elin.bullar',
          'camille.patisserie',
          'kenji.pan',
          'jonas.grams',
        ],
        downvoters: [],
        comments: [{ author: 'wanjiru.bakes', text: 'Starting a time log today.' }],
      },
      {
        author: 'lupita.pandulce',
        text: "Check the local rules for home food businesses before your first paid order, and label allergens on every box. One nut question you can't answer is enough to damage a good reputation.",
        upvoters: ['wanjiru.bakes', 'priya.cakes', 'sofia.glutenfree'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'camille.patisserie',
        text: "Learn to say 'I'm fully booked that week.' You don't owe anyone a longer explanation, and burnout always shows up in the baking.",
        upvoters: ['wanjiru.bakes', 'elin.bullar'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'sofia.glutenfree',
        text: 'If you ever offer gluten-free, mean it: separate utensils, fresh sponges and clean surfaces. People with coeliac disease trust that label with their health.',
        upvoters: ['wanjiru.bakes', 'priya.cakes'],
        downvoters: [],
        comments: [{ author: 'lupita.pandulce', text: 'So important. Thank you for saying this.' }],
      },
    ],
    bookmarkedBy: ['priya.cakes', 'lupita.pandulce'],
  },
  {
    author: 'jonas.grams',
    title: 'Is a 0.1 g scale worth it for yeast and salt, or is it overkill for home bread?',
    text: 'My kitchen scale reads in 1 g steps, which is fine for flour but clumsy for 3 g of instant yeast in a single loaf, where a 1 g error is a third of the dose. Pocket scales with finer resolution are cheap, but many max out at 200 g. Do you keep a second scale for small amounts, or just scale up your batches so it stops mattering?',
    tags: ['Baking Tools'],
    daysAgo: 3.7,
    upvoters: ['sofia.glutenfree'],
    downvoters: ['priya.cakes'],
    comments: [
      { author: 'owen.levain', text: 'I keep a pocket scale just for yeast and salt. It lives in the flour drawer.' },
    ],
    answers: [
      {
        author: 'owen.levain',
        text: 'Worth it, especially for same-day yeasted doughs where the yeast amount drives the whole schedule. Get one with a 500 g capacity and 0.1 g resolution; you rarely need 0.01 g for bread.',
        upvoters: ['jonas.grams', 'kenji.pan', 'sofia.glutenfree'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'sofia.glutenfree',
        text: 'For gluten-free baking I use mine constantly. Psyllium and xanthan gum at 2-4 g make a huge difference if you are off by even one gram.',
        upvoters: ['jonas.grams'],
        downvoters: [],
        comments: [],
      },
      {
        author: 'elin.bullar',
        text: 'Small scales drift, so check yours now and then against something of known weight. A 1 euro coin weighs 7.5 g.',
        upvoters: ['jonas.grams'],
        downvoters: [],
        comments: [{ author: 'jonas.grams', text: 'Nice tip, a coin makes a handy reference weight.' }],
      },
    ],
    bookmarkedBy: ['owen.levain'],
  },
];
