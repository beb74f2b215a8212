// PhotoData: placeholder until its issue lands.
