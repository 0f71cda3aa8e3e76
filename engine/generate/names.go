package generate

// firstNames are the given names generated characters and friends draw from.
// None is also a common English word or one of the attribute values, so a
// first name said alone can only mean a person.
var firstNames = []string{
	"Aaron", "Abigail", "Adrian", "Aisha", "Alejandro", "Alicia", "Amara", "Andrea",
	"Anika", "Arjun", "Beatrice", "Benjamin", "Bianca", "Caleb", "Camila", "Carlos",
	"Cecilia", "Chloe", "Connor", "Dalia", "Damian", "Daniela", "Deepak", "Delia",
	"Desmond", "Diego", "Dmitri", "Eleanor", "Elias", "Elena", "Emeka", "Esther",
	"Ethan", "Fatima", "Felix", "Fiona", "Gabriel", "Gemma", "Hannah", "Hector",
	"Hiroshi", "Ingrid", "Isaac", "Isabel", "Ivan", "Jasmine", "Javier", "Jessica",
	"Joaquin", "Jonah", "Julian", "Kamala", "Karim", "Keiko", "Kendra", "Kwame",
	"Laila", "Leonardo", "Lucia", "Luther", "Magnus", "Malik", "Marisol", "Martina",
	"Mateo", "Maya", "Mei", "Miriam", "Nadia", "Naomi", "Nathan", "Nikolai",
	"Noor", "Oliver", "Olga", "Omar", "Oscar", "Priya", "Quentin", "Rafael",
	"Rahul", "Rebecca", "Renata", "Rohan", "Rosalind", "Samira", "Sebastian", "Simone",
	"Soren", "Sofia", "Tamar", "Tobias", "Ursula", "Valentina", "Victor", "Wendell",
	"Ximena", "Yasmin", "Yusuf", "Zainab", "Zoltan", "Beatriz", "Cyrus", "Dorothea",
	"Emil", "Farid", "Greta", "Ines", "Jamal", "Lorenzo", "Matilda", "Nils",
}

// lastNames complete friends' names in MutualFriends lists.
var lastNames = []string{
	"Abernathy", "Adeyemi", "Alvarez", "Bergstrom", "Castellano", "Chowdhury", "Delgado", "Dubois",
	"Eriksen", "Fairbanks", "Ferreira", "Gallagher", "Haddad", "Hartmann", "Ibrahim",
	"Jablonski", "Kapoor", "Kowalski", "Lindqvist", "Lombardi", "Moreau", "Nakamura", "Novak",
	"Okafor", "Olsen", "Pacheco", "Petrov", "Quintero", "Ramirez", "Rasmussen", "Rossi",
	"Sandoval", "Schneider", "Takahashi", "Thornton", "Umarov", "Valdez", "Vasquez", "Whitaker",
	"Yamamoto", "Zielinski", "Achebe", "Brennan", "Costa", "Dimitriou", "Esposito", "Fitzgerald",
	"Grünwald", "Holloway", "Iyer", "Jovanovic", "Kaminski", "Laurent", "Mendoza", "Nguyen",
	"Osei", "Pellegrini", "Quigley", "Soto",
}
