// PhotoDomain: placeholder until its issue lands.
