from ludinum.cli.main import main

main()
