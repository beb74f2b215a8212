#!/usr/bin/env python3
"""Generates Sources/PhotoData/Resources/catalog.json, the embedded photo catalog.

The catalog is fiction in the Unsplash API's JSON shape: photos (in the shape of
GET /photos/:id, so they carry exif, location, views and downloads), users and collections,
plus `collection_photos`, a map from collection ID to the IDs of its photos. Photos and
collections embed only their user's id, username and name; the full profile is in `users`.

Deterministic: the same seed always writes the same bytes. Run from the package root:

    python3 Scripts/generate_catalog.py            # writes the resource
    python3 Scripts/generate_catalog.py --check    # fails if the committed file differs
"""

import json
import random
import sys
import unicodedata
from datetime import datetime, timedelta, timezone
from pathlib import Path

SEED = 20240501
PHOTO_COUNT = 1200
USER_COUNT = 160
COLLECTION_COUNT = 64
OUTPUT = Path(__file__).resolve().parent.parent / "Sources/PhotoData/Resources/catalog.json"

FIRST_NAMES = [
    "Ana", "Aiko", "Amara", "André", "Aleksander", "Beatriz", "Björn", "Camille", "Chen", "Chloé",
    "Dario", "Dmitri", "Élodie", "Emeka", "Esther", "Fatima", "François", "Gabriel", "Hana", "Héctor",
    "Ingrid", "Ioana", "Jakub", "Jonas", "José", "Kaito", "Kemal", "Lars", "Léa", "Lucía",
    "Mateo", "Maya", "Mei", "Mohammed", "Nadia", "Nikolai", "Noémie", "Olivia", "Omar", "Pedro",
    "Priya", "Rafael", "Renée", "Rohan", "Saanvi", "Samuel", "Sofía", "Søren", "Tomás", "Yara",
    "Yusuf", "Zoë", "Zainab", "Kwame", "Linnea", "Marta", "Nils", "Ola", "Paulo", "Quentin",
]
LAST_NAMES = [
    "Abe", "Adeyemi", "Almeida", "Andersson", "Bauer", "Becker", "Blanco", "Castillo", "Chatterjee", "Costa",
    "Dubois", "Dvořák", "Eriksen", "Fernández", "Fischer", "García", "Haddad", "Hansen", "Horvat", "Ibáñez",
    "Ito", "Jansen", "Jiménez", "Kowalski", "Kim", "Laurent", "Lindqvist", "López", "Müller", "Martín",
    "Moreau", "Nakamura", "Nguyen", "Novák", "Núñez", "Okafor", "Olsen", "Park", "Pereira", "Petrović",
    "Quispe", "Rahman", "Rossi", "Sánchez", "Schäfer", "Silva", "Singh", "Sørensen", "Tanaka", "Takács",
    "Uçar", "Vargas", "Wójcik", "Yamamoto", "Yılmaz", "Zhang", "Ziegler", "Öztürk", "Łukasik", "Ødegaard",
]
PLACES = [
    ("Zürich", "Switzerland"), ("São Paulo", "Brazil"), ("Reykjavík", "Iceland"), ("Kraków", "Poland"),
    ("Málaga", "Spain"), ("Düsseldorf", "Germany"), ("Göteborg", "Sweden"), ("Ålesund", "Norway"),
    ("Québec", "Canada"), ("Montréal", "Canada"), ("Bogotá", "Colombia"), ("Medellín", "Colombia"),
    ("Tromsø", "Norway"), ("Český Krumlov", "Czechia"), ("Köln", "Germany"), ("Nîmes", "France"),
    ("Lisbon", "Portugal"), ("Porto", "Portugal"), ("Kyoto", "Japan"), ("Tokyo", "Japan"),
    ("Seoul", "South Korea"), ("Hanoi", "Vietnam"), ("Marrakesh", "Morocco"), ("Cape Town", "South Africa"),
    ("Nairobi", "Kenya"), ("Lagos", "Nigeria"), ("Istanbul", "Turkey"), ("Athens", "Greece"),
    ("Santorini", "Greece"), ("Dubrovnik", "Croatia"), ("Hallstatt", "Austria"), ("Vienna", "Austria"),
    ("Paris", "France"), ("Lyon", "France"), ("Amsterdam", "Netherlands"), ("Copenhagen", "Denmark"),
    ("Edinburgh", "United Kingdom"), ("London", "United Kingdom"), ("Dublin", "Ireland"), ("New York", "United States"),
    ("San Francisco", "United States"), ("Yosemite", "United States"), ("Banff", "Canada"), ("Vancouver", "Canada"),
    ("Mexico City", "Mexico"), ("Oaxaca", "Mexico"), ("Cusco", "Peru"), ("Patagonia", "Argentina"),
    ("Buenos Aires", "Argentina"), ("Valparaíso", "Chile"), ("Sydney", "Australia"), ("Queenstown", "New Zealand"),
    ("Bali", "Indonesia"), ("Mumbai", "India"), ("Jaipur", "India"), ("Kathmandu", "Nepal"),
    ("Lake Bled", "Slovenia"), ("Dolomites", "Italy"), ("Florence", "Italy"), ("Curaçao", "Curaçao"),
]
COORDINATES_SEED_SPAN = (-60.0, 70.0)

# Each category: subjects (noun phrase, tags), settings, times, palette and extra tags.
CATEGORIES = {
    "mountains": {
        "subjects": [("snow-capped mountain", ["mountain", "snow", "peak"]), ("mountain range", ["mountain", "range"]),
                     ("alpine lake", ["lake", "alpine", "water"]), ("rocky summit", ["summit", "rock", "hiking"]),
                     ("glacier", ["glacier", "ice"]), ("misty valley", ["valley", "fog", "mist"])],
        "settings": ["under blue sky", "above the clouds", "at golden hour", "behind pine trees", "reflected in still water"],
        "palette": ["#2C3E50", "#7F8C8D", "#D9E2EC", "#4A6274", "#A3B8C8"],
        "tags": ["landscape", "nature", "outdoors", "adventure"],
    },
    "ocean": {
        "subjects": [("ocean wave", ["ocean", "wave", "sea"]), ("sandy beach", ["beach", "sand", "coast"]),
                     ("lighthouse", ["lighthouse", "coast"]), ("surfer", ["surf", "surfing", "wave"]),
                     ("turquoise lagoon", ["lagoon", "turquoise", "water"]), ("sea cliff", ["cliff", "coast", "sea"])],
        "settings": ["at sunset", "on a stormy day", "seen from above", "at low tide", "in the morning haze"],
        "palette": ["#0E6BA8", "#0A2472", "#A6E1FA", "#F4D58D", "#1B98E0"],
        "tags": ["water", "summer", "travel", "blue"],
    },
    "forest": {
        "subjects": [("pine forest", ["forest", "pine", "trees"]), ("waterfall", ["waterfall", "water", "river"]),
                     ("mossy path", ["moss", "path", "trail"]), ("autumn leaves", ["autumn", "leaves", "fall"]),
                     ("fern", ["fern", "plant", "green"]), ("old oak tree", ["tree", "oak"])],
        "settings": ["in the fog", "after the rain", "with sunbeams through the canopy", "in early spring", "at dusk"],
        "palette": ["#1E3D2F", "#4F7942", "#8DB580", "#C2A878", "#2F4F2F"],
        "tags": ["nature", "green", "woods", "wilderness"],
    },
    "city": {
        "subjects": [("city skyline", ["city", "skyline", "urban"]), ("narrow street", ["street", "alley", "urban"]),
                     ("yellow tram", ["tram", "transport", "street"]), ("bridge", ["bridge", "river", "architecture"]),
                     ("night market", ["market", "night", "lights"]), ("rooftop view", ["rooftop", "view", "city"])],
        "settings": ["at night", "in the rain", "during rush hour", "at blue hour", "on a quiet Sunday"],
        "palette": ["#1C1C1C", "#F2A65A", "#3D5A80", "#EE6C4D", "#98C1D9"],
        "tags": ["city", "travel", "street photography", "architecture"],
    },
    "cafe": {
        "subjects": [("café terrace", ["café", "terrace", "coffee"]), ("cup of coffee", ["coffee", "cup", "latte"]),
                     ("espresso machine", ["espresso", "coffee", "barista"]), ("croissant", ["croissant", "pastry", "breakfast"]),
                     ("crème brûlée", ["crème brûlée", "dessert", "sweet"]), ("latte art", ["latte", "coffee", "art"])],
        "settings": ["on a wooden table", "by the window", "on a rainy morning", "in soft daylight", "with a book nearby"],
        "palette": ["#6F4E37", "#C8AD7F", "#F5F0E6", "#3B2F2F", "#A67B5B"],
        "tags": ["café", "coffee", "food", "cozy"],
    },
    "food": {
        "subjects": [("bowl of ramen", ["ramen", "noodles", "japanese food"]), ("wood-fired pizza", ["pizza", "italian food"]),
                     ("fresh salad", ["salad", "healthy", "vegetables"]), ("tacos", ["tacos", "mexican food"]),
                     ("piñata cake", ["piñata", "cake", "party"]), ("market fruit stall", ["fruit", "market", "fresh"])],
        "settings": ["shot from above", "on a marble counter", "at a street stall", "with natural light", "on a linen cloth"],
        "palette": ["#D7263D", "#F46036", "#2E294E", "#1B998B", "#E2C044"],
        "tags": ["food", "delicious", "flat lay", "cooking"],
    },
    "animals": {
        "subjects": [("red fox", ["fox", "wildlife", "animal"]), ("snowy owl", ["owl", "bird", "wildlife"]),
                     ("golden retriever", ["dog", "pet", "puppy"]), ("tabby cat", ["cat", "pet", "kitten"]),
                     ("wild horse", ["horse", "animal"]), ("humpback whale", ["whale", "ocean", "wildlife"])],
        "settings": ["in the snow", "in a meadow", "looking at the camera", "at first light", "resting in the shade"],
        "palette": ["#B5651D", "#F0EAD6", "#556B2F", "#8B5A2B", "#2F4F4F"],
        "tags": ["animal", "wildlife", "cute", "nature"],
    },
    "people": {
        "subjects": [("woman in a red coat", ["woman", "portrait", "fashion"]), ("street musician", ["musician", "guitar", "music"]),
                     ("dancer", ["dance", "dancer", "movement"]), ("child laughing", ["child", "happy", "family"]),
                     ("man reading a newspaper", ["man", "reading", "newspaper"]), ("group of friends", ["friends", "people", "together"])],
        "settings": ["in the street", "against a white wall", "by the sea", "in warm light", "at a festival"],
        "palette": ["#C0392B", "#F5CBA7", "#34495E", "#F7DC6F", "#AF7AC5"],
        "tags": ["people", "portrait", "human", "lifestyle"],
    },
    "architecture": {
        "subjects": [("spiral staircase", ["staircase", "spiral", "interior"]), ("concrete building", ["concrete", "brutalism", "building"]),
                     ("cathedral ceiling", ["cathedral", "church", "ceiling"]), ("glass facade", ["glass", "facade", "modern"]),
                     ("tiled courtyard", ["tiles", "courtyard", "pattern"]), ("old town square", ["old town", "square", "historic"])],
        "settings": ["from a low angle", "in symmetry", "in hard shadows", "at noon", "in pastel tones"],
        "palette": ["#BDC3C7", "#ECF0F1", "#95A5A6", "#E8D5B7", "#5D6D7E"],
        "tags": ["architecture", "building", "design", "minimal"],
    },
    "sky": {
        "subjects": [("northern lights", ["aurora", "northern lights", "night"]), ("milky way", ["stars", "milky way", "astrophotography"]),
                     ("storm cloud", ["storm", "clouds", "weather"]), ("full moon", ["moon", "night", "sky"]),
                     ("hot air balloon", ["balloon", "flight", "sky"]), ("rainbow", ["rainbow", "weather", "color"])],
        "settings": ["over a frozen lake", "above the desert", "over the hills", "in a clear night", "after a thunderstorm"],
        "palette": ["#0B132B", "#1C2541", "#3A506B", "#5BC0BE", "#6FFFE9"],
        "tags": ["sky", "night", "atmosphere", "space"],
    },
    "desert": {
        "subjects": [("sand dune", ["dune", "sand", "desert"]), ("cactus", ["cactus", "plant", "desert"]),
                     ("red canyon", ["canyon", "rock", "red"]), ("camel caravan", ["camel", "caravan", "desert"]),
                     ("salt flat", ["salt flat", "white", "horizon"]), ("desert road", ["road", "road trip", "desert"])],
        "settings": ["under a blazing sun", "at sunrise", "in long shadows", "under the stars", "in a dust storm"],
        "palette": ["#E4A672", "#C1440E", "#F2D0A4", "#8C5E3C", "#FFE5B4"],
        "tags": ["desert", "travel", "warm", "landscape"],
    },
    "abstract": {
        "subjects": [("pastel gradient", ["gradient", "pastel", "wallpaper"]), ("paint swirl", ["paint", "swirl", "art"]),
                     ("neon light", ["neon", "light", "glow"]), ("geometric pattern", ["geometric", "pattern", "shapes"]),
                     ("ink in water", ["ink", "water", "macro"]), ("crumpled paper", ["paper", "texture"])],
        "settings": ["in close-up", "on a black background", "in soft focus", "with bold colours", "in monochrome"],
        "palette": ["#FF6F91", "#845EC2", "#FFC75F", "#00C9A7", "#F9F871"],
        "tags": ["abstract", "texture", "background", "colorful"],
    },
    "sports": {
        "subjects": [("skateboarder", ["skateboard", "skate", "sport"]), ("cyclist", ["bike", "cycling", "sport"]),
                     ("rock climber", ["climbing", "rock", "sport"]), ("football match", ["football", "soccer", "stadium"]),
                     ("kayak", ["kayak", "paddle", "river"]), ("skier", ["ski", "skiing", "snow"])],
        "settings": ["mid-air", "in action", "at the finish line", "on a winding road", "in fresh powder"],
        "palette": ["#FF4136", "#0074D9", "#2ECC40", "#FFDC00", "#111111"],
        "tags": ["sport", "action", "fitness", "active"],
    },
    "interior": {
        "subjects": [("living room", ["living room", "interior", "home"]), ("reading nook", ["books", "reading", "cozy"]),
                     ("kitchen", ["kitchen", "home", "interior"]), ("home office", ["desk", "workspace", "laptop"]),
                     ("houseplants", ["plants", "houseplant", "green"]), ("bedroom", ["bedroom", "bed", "home"])],
        "settings": ["in morning light", "with white walls", "in Scandinavian style", "with wooden furniture", "at night with lamps"],
        "palette": ["#F5F5F0", "#D8CFC4", "#A69080", "#4E4E50", "#9CAF88"],
        "tags": ["interior", "home", "design", "decor"],
    },
}
CATEGORY_NAMES = list(CATEGORIES)

COLOR_WORDS = ["white", "black", "brown", "green", "blue", "red", "yellow", "gray", "orange", "pink", "purple", "teal"]
TIMES = ["during daytime", "at night", "during golden hour", "at sunrise", "at sunset", "on a cloudy day"]
DESCRIPTION_TEMPLATES = [
    "{Subject} {setting} in {city}",
    "{city}, {country}",
    "{Subject} near {city}",
    "A {subject} {setting}",
    "Morning walk: {subject} {setting}",
    "Last light over the {subject}",
    "Somewhere outside {city}",
    "{Subject}. {city}, {country}.",
    "My favourite {subject} in {city}",
    "Quiet moment with a {subject}",
]
BIO_TEMPLATES = [
    "Photographer based in {city}. I love {a} and {b}.",
    "Chasing {a} and {b} around {country}.",
    "Freelance photographer from {city}. Available for commissions.",
    "Amateur with a camera and too many lenses. Mostly {a}.",
    "Designer by day, photographer by night. {city}.",
    "Travelling slowly, shooting {a}.",
    None,
]
CAMERAS = [
    ("Canon", "EOS 5D Mark IV"), ("Canon", "EOS R6"), ("Nikon", "D850"), ("Nikon", "Z 6II"),
    ("Sony", "ILCE-7M3"), ("Sony", "ILCE-7RM4"), ("Fujifilm", "X-T4"), ("Fujifilm", "X100V"),
    ("Apple", "iPhone 13 Pro"), ("Leica", "Q2"), ("Olympus", "E-M1 Mark III"), ("DJI", "FC3170"),
]
EXPOSURES = ["1/8000", "1/4000", "1/1000", "1/500", "1/250", "1/125", "1/60", "1/30", "1/4", "2", "15", "30"]
APERTURES = ["1.4", "1.8", "2.0", "2.8", "4.0", "5.6", "8.0", "11.0", "16.0"]
FOCALS = ["14.0", "16.0", "24.0", "35.0", "50.0", "85.0", "105.0", "135.0", "200.0", "400.0"]
ISOS = [50, 64, 100, 200, 400, 800, 1600, 3200, 6400]
SIZES = [(6000, 4000), (5472, 3648), (4000, 6000), (3648, 5472), (8256, 5504), (4032, 3024), (3024, 4032),
         (5184, 3456), (6720, 4480), (4480, 6720), (3000, 3000), (7952, 5304), (2400, 3600)]
TIME_ZONES = [-8, -7, -5, -4, -3, 0, 1, 2, 3, 5.5, 8, 9, 10]

COLLECTIONS = [
    ("Moody Mountains", ["mountains"], "Peaks, fog and the quiet of high places."),
    ("Alpine Lakes", ["mountains"], "Still water between the summits."),
    ("Ocean Blues", ["ocean"], "Waves, lagoons and every blue in between."),
    ("Coastal Towns", ["ocean", "city"], None),
    ("Into the Woods", ["forest"], "Forests, moss and rain."),
    ("Autumn Colours", ["forest"], "Falling leaves and warm tones."),
    ("Street Photography", ["city", "people"], "Life on the street, caught in passing."),
    ("City Lights", ["city"], "Skylines and streets after dark."),
    ("Café Culture", ["cafe"], "Coffee, pastries and slow mornings."),
    ("Coffee Break", ["cafe"], None),
    ("Food Flat Lays", ["food"], "Dishes shot from above."),
    ("Street Food", ["food", "city"], "Stalls, markets and late-night snacks."),
    ("Wildlife", ["animals"], "Animals in the wild."),
    ("Good Boys & Girls", ["animals"], "Dogs, cats and other friends."),
    ("Portraits", ["people"], "Faces and the stories they tell."),
    ("Minimal Architecture", ["architecture"], "Lines, shadows and concrete."),
    ("Stairs & Spirals", ["architecture"], None),
    ("Night Sky", ["sky"], "Stars, auroras and the moon."),
    ("Storm Chasers", ["sky"], "Weather at its most dramatic."),
    ("Desert Roads", ["desert"], "Dunes, canyons and empty highways."),
    ("Abstract Textures", ["abstract"], "Backgrounds and wallpapers."),
    ("Neon Dreams", ["abstract", "city"], "Glow in the dark."),
    ("On the Move", ["sports"], "Sport and motion."),
    ("Winter Sports", ["sports", "mountains"], "Skis, snow and cold air."),
    ("Cozy Interiors", ["interior"], "Rooms you want to stay in."),
    ("Work From Home", ["interior"], "Desks, laptops and plants."),
    ("Plant Parenthood", ["interior", "forest"], None),
    ("Nordic Light", ["mountains", "sky", "interior"], "Long evenings and soft light from the north."),
    ("Mediterranean Summer", ["ocean", "food"], "Sea, sun and long lunches."),
    ("Wanderlust", ["mountains", "ocean", "desert", "city"], "Places to go next."),
]
COLLECTION_SUFFIXES = ["", " II", " Vol. 2", " — Editor's Picks", " Archive", " (Film)"]

ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def ascii_fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)) \
        .replace("ø", "o").replace("Ø", "O").replace("ł", "l").replace("Ł", "L").replace("ı", "i")


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.used_ids = set()

    def new_id(self, length=11):
        while True:
            value = "".join(self.rng.choice(ID_ALPHABET) for _ in range(length))
            if value not in self.used_ids:
                self.used_ids.add(value)
                return value

    def hex(self, length):
        return "".join(self.rng.choice("0123456789abcdef") for _ in range(length))

    def jitter_color(self, base):
        channels = [int(base[i:i + 2], 16) for i in (1, 3, 5)]
        channels = [max(0, min(255, c + self.rng.randint(-24, 24))) for c in channels]
        return "#" + "".join(f"{c:02X}" for c in channels)

    def date(self, start_year=2015, end_year=2024):
        start = datetime(start_year, 1, 1, tzinfo=timezone.utc)
        span = (datetime(end_year, 12, 31, tzinfo=timezone.utc) - start).total_seconds()
        moment = start + timedelta(seconds=self.rng.randrange(int(span)))
        offset = self.rng.choice(TIME_ZONES)
        return moment.astimezone(timezone(timedelta(hours=offset))).isoformat()

    def photo_urls(self, stamp_ms):
        # Shorter query strings than the real CDN's, to keep the resource (and its load time) small.
        base = f"https://images.unsplash.com/photo-{stamp_ms}-{self.hex(12)}"
        return {
            "raw": base + "?ixlib=rb-4.0.3",
            "full": base + "?fm=jpg&q=85",
            "regular": base + "?w=1080",
            "small": base + "?w=400",
            "thumb": base + "?w=200",
        }

    def users(self):
        users = []
        names = set()
        while len(users) < USER_COUNT:
            name = f"{self.rng.choice(FIRST_NAMES)} {self.rng.choice(LAST_NAMES)}"
            if name in names:
                continue
            names.add(name)
            first, last = name.split(" ")
            style = self.rng.randrange(4)
            handle = [f"{first}{last}", f"{first}_{last}", f"{first}.{last}".replace(".", ""), f"{first[0]}{last}"][style]
            handle = ascii_fold(handle).lower().replace(" ", "")
            if self.rng.random() < 0.3:
                handle += str(self.rng.randrange(1, 99))
            city, country = self.rng.choice(PLACES)
            specialties = self.rng.sample(CATEGORY_NAMES, 2)
            bio = self.rng.choice(BIO_TEMPLATES)
            if bio is not None:
                bio = bio.format(city=city, country=country, a=specialties[0], b=specialties[1])
            avatar = f"https://images.unsplash.com/profile-{self.rng.randrange(1_450_000_000_000, 1_720_000_000_000)}-{self.hex(8)}image?crop=faces"
            users.append({
                "id": self.new_id(),
                "username": handle,
                "name": name,
                "bio": bio,
                "location": f"{city}, {country}" if self.rng.random() < 0.85 else None,
                "profile_image": {
                    "small": avatar + "&w=32&h=32",
                    "medium": avatar + "&w=64&h=64",
                    "large": avatar + "&w=128&h=128",
                },
                "total_photos": 0,
                "_specialties": specialties,
            })
        return users

    def sentence_case(self, text):
        return text[0].upper() + text[1:]

    def photos(self, users):
        photos = []
        # A few prolific photographers, a long tail of occasional ones.
        weights = [1.0 / (rank + 3) for rank in range(len(users))]
        for number in range(PHOTO_COUNT):
            # Everyone publishes at least once; after that, popularity decides.
            user = users[number] if number < len(users) else self.rng.choices(users, weights=weights)[0]
            category_name = self.rng.choice(user["_specialties"]) if self.rng.random() < 0.6 else self.rng.choice(CATEGORY_NAMES)
            category = CATEGORIES[category_name]
            subject, subject_tags = self.rng.choice(category["subjects"])
            setting = self.rng.choice(category["settings"])
            city, country = self.rng.choice(PLACES)
            created = self.date()
            stamp = int(datetime.fromisoformat(created).timestamp() * 1000) + self.rng.randrange(1000)
            width, height = self.rng.choice(SIZES)
            color = self.jitter_color(self.rng.choice(category["palette"]))
            color_word = self.rng.choice(COLOR_WORDS)
            alt = f"{color_word} {subject} {setting} {self.rng.choice(TIMES)}"
            description = None
            if self.rng.random() < 0.7:
                description = self.rng.choice(DESCRIPTION_TEMPLATES).format(
                    Subject=self.sentence_case(subject), subject=subject, setting=setting, city=city, country=country)
            tags = []
            for tag in subject_tags + self.rng.sample(category["tags"], 2) + [city.lower(), country.lower(), color_word]:
                if tag not in tags:
                    tags.append(tag)
            tags = tags[: self.rng.randint(4, len(tags))]
            likes = min(25_000, int(self.rng.paretovariate(1.1) * 12) - 12 + self.rng.randrange(5))
            make, model = self.rng.choice(CAMERAS)
            has_exif = self.rng.random() < 0.8
            has_position = self.rng.random() < 0.6
            user["total_photos"] += 1
            photos.append({
                "id": self.new_id(),
                "created_at": created,
                "width": width,
                "height": height,
                "color": color,
                "description": description,
                "alt_description": alt,
                "urls": self.photo_urls(stamp),
                "likes": likes,
                "user": user,  # replaced by the public user object below
                "tags": [{"title": tag} for tag in tags],  # as in the GET /photos/:id documentation
                "exif": {
                    "make": make, "model": model,
                    "exposure_time": self.rng.choice(EXPOSURES), "aperture": self.rng.choice(APERTURES),
                    "focal_length": self.rng.choice(FOCALS), "iso": self.rng.choice(ISOS),
                } if has_exif else None,
                "location": {
                    "name": f"{city}, {country}", "city": city, "country": country,
                    "position": {
                        "latitude": round(self.rng.uniform(*COORDINATES_SEED_SPAN), 6),
                        "longitude": round(self.rng.uniform(-180, 180), 6),
                    } if has_position else {"latitude": None, "longitude": None},
                },
                "views": likes * self.rng.randint(40, 400) + self.rng.randrange(1000),
                "downloads": likes * self.rng.randint(2, 30) + self.rng.randrange(100),
                "_category": category_name,
            })
        return photos

    def collections(self, users, photos):
        by_category = {name: [p for p in photos if p["_category"] == name] for name in CATEGORY_NAMES}
        collections, membership = [], {}
        titles = set()
        index = 0
        while len(collections) < COLLECTION_COUNT:
            title, categories, description = COLLECTIONS[index % len(COLLECTIONS)]
            suffix = COLLECTION_SUFFIXES[index // len(COLLECTIONS)]
            index += 1
            if title + suffix in titles:
                continue
            titles.add(title + suffix)
            pool = [p for name in categories for p in by_category[name]]
            members = self.rng.sample(pool, min(len(pool), self.rng.randint(12, 60)))
            members.sort(key=lambda p: p["created_at"], reverse=True)
            curator = self.rng.choice(users)
            collection_id = str(self.rng.randrange(1_000_000, 99_999_999))
            membership[collection_id] = [p["id"] for p in members]
            collections.append({
                "id": collection_id,
                "title": title + suffix,
                "description": description,
                "published_at": self.date(2016, 2024),
                "total_photos": len(members),
                "private": False,
                "user": curator,  # replaced below
                "preview_photos": [
                    {"id": p["id"], "created_at": p["created_at"], "urls": p["urls"]} for p in members[:4]
                ],
            })
        return collections, membership


def public_user(user):
    return {key: value for key, value in user.items() if not key.startswith("_")}


def user_reference(user):
    """The user as embedded in photos and collections: just enough to identify them.

    Unsplash embeds the whole profile; repeating it 1,200 times would double the file and its
    load time, so the loader fills in the rest from `users` by ID.
    """
    return {"id": user["id"], "username": user["username"], "name": user["name"]}


def build():
    generator = Generator(SEED)
    users = generator.users()
    photos = generator.photos(users)
    collections, membership = generator.collections(users, photos)
    for photo in photos:
        photo["user"] = user_reference(photo["user"])
        del photo["_category"]
    for collection in collections:
        collection["user"] = user_reference(collection["user"])
    return {
        "photos": photos,
        "users": [public_user(user) for user in users],
        "collections": collections,
        "collection_photos": membership,
    }


def dump(catalog):
    """One array element per line: small, yet diffs stay readable."""
    def encode(value):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    parts = ["{"]
    keys = list(catalog)
    for position, key in enumerate(keys):
        value = catalog[key]
        closing = "," if position < len(keys) - 1 else ""
        if isinstance(value, list):
            parts.append(f"{encode(key)}:[")
            parts.append(",\n".join(encode(item) for item in value))
            parts.append(f"]{closing}")
        else:
            parts.append(f"{encode(key)}:{encode(value)}{closing}")
    parts.append("}")
    return "\n".join(parts) + "\n"


def main():
    text = dump(build())
    if "--check" in sys.argv:
        if OUTPUT.read_text(encoding="utf-8") != text:
            sys.exit(f"{OUTPUT} is out of date; run {sys.argv[0]}")
        print("catalog is up to date")
        return
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT} ({len(text.encode())} bytes)")


if __name__ == "__main__":
    main()
