"""Word pools and sentence patterns for the demo site's made-up towns, news and questions.

Everything here was written for this project. Sentences are assembled from patterns with a seeded
``random.Random`` so that page N is the same text on every run and every machine. The article
patterns, the comment patterns, the advertisement copy and the navigation labels are kept in
separate pools on purpose: a test can then say "this sentence is article text, that one is a
comment" without ambiguity.
"""

from __future__ import annotations

import random

TOWNS = ("Ashford Vale", "Brindlemouth", "Carrow Heath", "Dunmere", "Elderbridge", "Fallowmere", "Greystrand",
         "Harrowgate Cross", "Ivel Green", "Kestlewick")
PEOPLE = ("Maren Holt", "Tobias Crane", "Idris Falk", "Nadia Okafor", "Priya Lindqvist", "Owen Marsh",
          "Ruth Calloway", "Samuel Teague", "Yusuf Brennan", "Clara Voss", "Elena Duarte", "Jonah Whitlock")
ROLES = ("the council leader", "a local shopkeeper", "the project manager", "a retired engineer",
         "the head teacher", "a spokesperson for the residents' association", "the chief librarian",
         "a volunteer who has helped since the start")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")

# topic -> (section, subjects, headline patterns)
TOPICS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "bridge": ("Local", ("the old swing bridge", "the river crossing", "the footbridge by the mill"),
               ("{Town} reopens {subject} after {number} months of repairs",
                "Cracks close {subject} in {Town} again")),
    "library": ("Culture", ("the town library", "the mobile book van", "the reading room on the square"),
                ("{Town} votes to keep {subject} open on Sundays",
                 "Volunteers rescue {subject} in {Town}")),
    "rail": ("Transport", ("the branch line", "the evening train service", "the station car park"),
             ("Timetable change puts {subject} in {Town} under pressure",
              "{Town} campaigners win back {subject}")),
    "market": ("Business", ("the Saturday market", "the covered food hall", "the farmers' stalls"),
               ("Rents rise at {subject} in {Town}",
                "{subject} in {Town} draws record crowds")),
    "weather": ("Environment", ("the flood defences", "the coastal path", "the allotments"),
                ("Storm tests {subject} at {Town}",
                 "Dry spring leaves {subject} near {Town} struggling")),
    "school": ("Education", ("the primary school", "the new science block", "the school bus route"),
               ("{Town} parents split over {subject}",
                "Inspectors praise {subject} in {Town}")),
    "museum": ("Science", ("the observatory", "the natural history collection", "the small science museum"),
               ("Meteorite fragment goes on show at {subject} in {Town}",
                "{Town} finds a new home for {subject}")),
    "health": ("Health", ("the walk-in clinic", "the community pharmacy", "the cottage hospital"),
               ("Waiting times fall at {subject} in {Town}",
                "{Town} clinic staff warn over {subject}")),
}

ARTICLE_SENTENCES = (
    "Work on {subject} began in {month} and was expected to last {number} weeks, but the schedule slipped twice.",
    "{Person}, {role}, said the decision had been taken after months of careful discussion with residents.",
    "Figures published on {weekday} show that {number} people used {subject} in the first week alone.",
    "The council has set aside {money} for the coming year, a little more than it spent last year.",
    "Residents who spoke to this paper were divided, though most agreed that something had to change.",
    "{Person} said the team had learned a great deal from the problems of the previous winter.",
    "A public meeting is planned for {weekday} evening in the community hall, and everyone is welcome to attend.",
    "Opponents argue that the money would be better spent on roads and street lighting in the outlying villages.",
    "The original plans for {subject} were drawn up more than {number} years ago and have been revised several "
    "times since.",
    "Local businesses say the changes have already made a noticeable difference to the number of visitors.",
    "A report to the planning committee warned that costs could rise further if materials remain scarce.",
    "{Person} described the outcome as a small victory for people who had refused to give up.",
    "Engineers will return in {month} to check whether the repairs are holding up as expected.",
    "The project was paid for partly by a regional grant and partly by donations collected at the market.",
    "Children from the primary school painted a mural that will be unveiled at the opening.",
    "Several older residents recalled a similar dispute in the nineteen-seventies, which ended without agreement.",
    "According to {Person}, the next step is to publish a clear timetable so that nobody is caught by surprise.",
    "The committee will review the arrangement after twelve months and could extend it if demand holds up.",
    "Neighbouring towns are watching closely, and two of them have already asked to see the figures.",
    "Critics say the consultation was rushed, but the council insists every household received a letter.",
)
QUOTES = (
    "We did not want this to become another promise that nobody keeps.",
    "It is the kind of place that holds a town together, and people noticed when it was gone.",
    "Nobody expected the response to be this strong, least of all us.",
    "There is still a lot of work to do, but we are finally moving in the right direction.",
    "If we get this right, it will serve the town for another fifty years.",
)
COMMENT_SENTENCES = (
    "I have lived in {Town} for {number} years and I have never seen the council move this fast.",
    "Great news, but who is going to pay for the upkeep once the grant runs out?",
    "My grandmother used to talk about this when I was small, so it is lovely to see it back.",
    "Same old story: lots of meetings and nothing changes for those of us on the edge of town.",
    "Does anyone know whether there will be parking nearby? The article does not say.",
    "Well done to the volunteers, they deserve far more credit than the politicians.",
    "I went along on Saturday and it was packed, so clearly people wanted this.",
    "Please fix the potholes on the hill road before spending on anything else.",
    "This paper keeps running stories like this without asking the hard questions.",
    "Honestly a bit of good news for once, thank you for reporting it.",
)
COMMENTERS = ("riverside_rob", "KestleMum", "old_timer_42", "grumpy.gull", "Anna from Dunmere", "bikeshed",
              "lamplighter", "no_more_cones", "harbour_watch", "quietreader")

NAV_SECTIONS = ("Home", "Local", "Business", "Transport", "Culture", "Science", "Health", "Opinion", "Sport",
                "Weather")
ADVERTS = (
    ("Switch your energy supplier in five minutes", "Compare tariffs from twenty providers and save on your bills "
     "this winter with Brightwatt."),
    ("Holiday cottages on the coast", "Book a week by the sea at Saltmarsh Cottages and get the third night free."),
    ("Learn a language this autumn", "Evening classes in Spanish, Polish and Japanese start soon at Vale College."),
    ("Need a new boiler?", "Fixed-price installation with a ten-year guarantee from Hearthwell Heating."),
)
FOOTER_LINKS = ("About us", "Contact the newsroom", "Advertise with us", "Privacy notice", "Cookie settings",
                "Terms of use", "Corrections", "Jobs")

# Q&A: topic -> (tags, question title, question sentences, answer sentences)
QA_TOPICS: dict[str, tuple[tuple[str, ...], str, tuple[str, ...], tuple[str, ...]]] = {
    "garden": (
        ("gardening", "tomatoes", "soil"),
        "Why are the lower leaves of my tomato plants turning yellow?",
        ("I planted {number} tomato plants in the greenhouse in {month} and they grew well at first.",
         "Now the lowest leaves are going pale and then brown from the edges inward.",
         "I water them every other morning and feed them once a week with a liquid seaweed feed.",
         "The soil is a mix of compost and the clay from the garden, which stays quite wet."),
        ("Yellowing at the bottom of the plant is usually the oldest leaves giving up their nitrogen to new growth.",
         "Heavy clay holds water for a long time, so watering every other day may be too much in cool weather.",
         "Try letting the top few centimetres dry out before you water again and see whether new leaves stay green.",
         "Remove the worst leaves with clean scissors so air can move around the base of the stems.",
         "A feed with more nitrogen for two or three weeks should help, then switch back once fruit sets.",
         "Check the undersides of the leaves as well, because some pests cause a similar mottled look."),
    ),
    "bike": (
        ("cycling", "maintenance", "brakes"),
        "My rear disc brake squeals loudly when it is wet, how do I stop it?",
        ("I ride about {number} kilometres a week on mixed roads and gravel tracks.",
         "When the roads are wet the back brake makes a terrible high-pitched noise.",
         "I have already cleaned the rotor with a cloth, but the noise came back after one ride.",
         "The pads are the ones that came with the bike, which I bought second hand last year."),
        ("Squealing in the wet is often caused by contaminated pads rather than the rotor itself.",
         "Once oil has soaked into organic pads you rarely get it out, so replacing them is the simple fix.",
         "Make sure the caliper is centred over the rotor, because a slight rub makes the noise much worse.",
         "Bed in new pads properly with a dozen firm stops from moderate speed on a quiet road.",
         "Metal sintered pads are louder in general but cope much better with mud and rain.",
         "If the rotor is glazed, a light sanding with fine paper across the braking surface can help."),
    ),
    "bread": (
        ("baking", "sourdough", "bread"),
        "Why does my sourdough loaf come out flat and dense?",
        ("I have been baking sourdough for {number} weeks with a starter I made myself.",
         "The dough rises a little overnight but spreads out as soon as I tip it onto the tray.",
         "I use strong white flour with about a fifth wholemeal and roughly seventy per cent water.",
         "The kitchen is cold at night, probably around fifteen degrees."),
        ("At fifteen degrees the bulk rise takes much longer than most recipes assume.",
         "Judge the dough by how it looks rather than by the clock: it should be domed, airy and wobbly.",
         "Shaping matters more than people think, so build some surface tension before the final proof.",
         "A banneton or a bowl lined with a floured cloth will stop the loaf spreading while it proves.",
         "Try lowering the water to sixty-five per cent until you are comfortable handling the dough.",
         "Make sure the starter is at its peak when you use it, usually a few hours after feeding."),
    ),
    "house": (
        ("home-repair", "damp", "plaster"),
        "What causes black mould behind the wardrobe on an outside wall?",
        ("Our house is about {number} years old with solid brick walls and no cavity.",
         "Every winter black spots appear on the wall behind the wardrobe in the back bedroom.",
         "We wipe it off with a mould spray but it returns within a few weeks.",
         "The gutters were cleared last autumn and there is no obvious leak outside."),
        ("Mould behind furniture on a cold outside wall is almost always condensation rather than rain.",
         "The wardrobe blocks warm air from reaching the wall, so the surface stays cold and damp.",
         "Move the wardrobe a few centimetres away from the wall so that air can circulate behind it.",
         "Open the window for a short while each morning, especially after showers and drying clothes.",
         "A cheap hygrometer will tell you whether the humidity in the room is higher than it should be.",
         "Avoid plastic-based paints on old solid walls, because they trap moisture in the brickwork."),
    ),
    "battery": (
        ("laptops", "batteries", "hardware"),
        "Is it bad to leave my laptop plugged in all the time?",
        ("My laptop is about {number} months old and sits on the desk with the charger in almost every day.",
         "A friend told me this wears the battery out much faster than letting it run down.",
         "The battery settings show the charge always at one hundred per cent.",
         "I only take it off the desk a couple of times a month for meetings."),
        ("Modern laptops stop charging once the battery is full, so it is not being overcharged in the old sense.",
         "What does age a lithium battery is sitting at a full charge and a high temperature for long periods.",
         "Many laptops have a setting that holds the charge at around eighty per cent, which is worth turning on.",
         "Keep the vents clear, because a warm battery loses capacity faster than a cool one.",
         "Running it down to empty every week does more harm than good with this kind of battery.",
         "Expect some loss of capacity after a few years whatever you do; it is a consumable part."),
    ),
    "plant": (
        ("houseplants", "watering", "light"),
        "Why is my fiddle-leaf fig dropping healthy-looking leaves?",
        ("I bought the plant in {month} and it has lost {number} leaves since then.",
         "The leaves look green and firm when they fall, which is what confuses me.",
         "It stands about two metres from a north-facing window in the living room.",
         "I water it with a full jug every Sunday whether the soil feels dry or not."),
        ("These plants hate being moved and often drop leaves for a few weeks after a change of place.",
         "Two metres from a north window is quite dark for a plant that grows in bright light in the wild.",
         "Water by feel rather than by the calendar: push a finger into the soil and wait until it is dry.",
         "A pot without drainage holes will keep the roots wet and cause the same symptom.",
         "Turn the pot a quarter turn every week or two so that it grows evenly towards the light.",
         "Cold draughts from a door or a radiator switching on and off can also make it shed leaves."),
    ),
}
QA_COMMENTS = ("Thanks, that helped a lot.", "Could you explain the second step in more detail?",
               "This worked for me too.", "I disagree, in my experience the opposite is true.",
               "Same problem here, following this thread.")
QA_USERS = ("fernhill", "spokesandsprockets", "crumb_theory", "damp_detective", "weekend_builder", "mossy_bank",
            "tinkerer", "loaf_lord", "hedgerow", "plumbline", "greenhouse_gail", "sprocket_sam")
SIGNATURES = ("Measure twice, cut once.", "Sent from the allotment shed", "Still learning after all these years",
              "Two wheels good")


def fill(pattern: str, rng: random.Random, **names: str) -> str:
    """``pattern`` with its placeholders replaced by picks from the pools (or the given names)."""
    values = {
        "Town": names.get("town") or rng.choice(TOWNS),
        "Person": rng.choice(PEOPLE),
        "role": rng.choice(ROLES),
        "weekday": rng.choice(WEEKDAYS),
        "month": rng.choice(MONTHS),
        "number": str(rng.randint(3, 40)),
        "money": f"£{rng.randint(2, 90) * 10_000:,}",
        "subject": names.get("subject", ""),
    }
    text = pattern.format(**values)
    return text[0].upper() + text[1:]


def paragraphs(rng: random.Random, pool: tuple[str, ...], count: int, per_paragraph: tuple[int, int],
               **names: str) -> list[str]:
    """``count`` paragraphs of sentences drawn from ``pool`` without repeating one inside a paragraph."""
    out: list[str] = []
    for _ in range(count):
        picked = rng.sample(pool, rng.randint(*per_paragraph))
        out.append(" ".join(fill(p, rng, **names) for p in picked))
    return out
